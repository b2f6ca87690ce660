// The typed face of the API: every call names a route of the map in packages/contracts, so its path
// parameters, query, body and answer are checked against what the server declares. Sending goes through
// apiRequest (auth, refresh, XSRF, retries, ApiError); this module only builds the URL and the types.
import type { RequestOf, ResponseOf as AnswerOf, RouteDef } from '@sabai/contracts';
import { apiDownload, apiRequest } from './api-client';

export type CallOptions<R extends RouteDef> = RequestOf<R, FormData> & { signal?: AbortSignal };
/** A route's answer; a file arrives as a Blob. */
export type ResponseOf<R extends RouteDef> = AnswerOf<R, Blob>;
type Args<R extends RouteDef> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

type Untyped = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
};

/** The route's path under /api/v1 with its parameters filled in and its query appended. */
export function urlOf<R extends RouteDef>(
  route: R,
  options: Pick<CallOptions<R>, 'params' | 'query'>,
): string {
  const { params = {}, query = {} } = options as Untyped;
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // A list travels comma-separated (the contracts' list query fields split it).
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls a route of the map; public routes go without the session's token. */
export function api<const R extends RouteDef>(route: R, ...[options]: Args<R>): Promise<ResponseOf<R>> {
  const { body, signal } = (options ?? {}) as Untyped;
  return apiRequest<ResponseOf<R>>(route.method, urlOf(route, (options ?? {}) as CallOptions<R>), {
    body,
    signal,
    auth: !('public' in route.access),
    asBlob: route.file === true,
  });
}

/** Downloads a file route as it arrives (see apiDownload); `onChunk` sees each piece and the headers. */
export function apiFile<const R extends RouteDef & { file: true; method: 'GET' }>(
  route: R,
  options: Pick<CallOptions<R>, 'params' | 'query'> & { signal?: AbortSignal },
  onChunk: (chunk: Uint8Array, headers: Headers) => void = () => undefined,
): Promise<Blob> {
  return apiDownload(urlOf(route, options), onChunk, options.signal);
}
