// A tiny path router: the simulator serves five areas from one origin (LINE `/v2/bot`, Graph `/{version}`,
// the model endpoint `/openai/v1`, the admin API and the fake CDN); a framework would add nothing here.
import type { IncomingHttpHeaders } from 'node:http';

/** Which part of the simulator a route belongs to; decides recording, faults and error shapes. */
export type Area = 'line' | 'meta' | 'ai' | 'admin' | 'cdn';

/** A parsed request body. Graph accepts form bodies, so both shapes are kept. */
export type RequestBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, string> }
  | { kind: 'invalid_json'; text: string }
  | { kind: 'other'; text: string };

/** What a handler receives. */
export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  body: RequestBody;
}

/**
 * What a handler returns: JSON, bytes, text, or server-sent events (each item one `data:` line, written one by
 * one so stream faults can pause or cut between them); `hold` leaves the request unanswered (timeout fault).
 */
export type SimResponse =
  | { status: number; headers?: Record<string, string>; json: unknown }
  | { status: number; headers?: Record<string, string>; bytes: Buffer }
  | { status: number; headers?: Record<string, string>; text: string }
  | { status: number; headers?: Record<string, string>; events: string[] }
  | { hold: true };

export type Handler = (req: SimRequest) => SimResponse | Promise<SimResponse>;

export interface Route {
  method: string;
  area: Area;
  pattern: RegExp;
  handle: Handler;
}

/**
 * Declares a route. `:name` matches one path segment; `:version` matches a Graph version (`v25.0`), so
 * LINE's `/v2/bot/...` never collides with Graph paths.
 */
export function route(method: string, area: Area, path: string, handle: Handler): Route {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === ':version') return '(?<version>v\\d+\\.\\d+)';
      if (segment.startsWith(':')) return `(?<${segment.slice(1)}>[^/]+)`;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { method, area, pattern: new RegExp(`^${source}/?$`), handle };
}

/** The first route matching method and path, with its decoded path parameters. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | null {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(match.groups ?? {})) params[key] = decodeURIComponent(value);
    return { route: candidate, params };
  }
  return null;
}

/** JSON response helper. */
export function json(status: number, body: unknown, headers?: Record<string, string>): SimResponse {
  return headers ? { status, json: body, headers } : { status, json: body };
}
