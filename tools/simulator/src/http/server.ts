// The one loopback HTTP server: reads and parses bodies, applies injected faults, dispatches to the area's
// handler, stamps provider headers and records every LINE and Graph call for `calls()`.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../core/clock';
import type { FaultQueue } from '../core/faults';
import type { Recorder } from '../core/records';
import { matchRoute } from './router';
import type { Area, RequestBody, Route, SimRequest, SimResponse } from './router';

/** How one area answers the cases the dispatcher handles itself. */
export interface AreaBehaviour {
  maxBodyBytes: number;
  notFound(): SimResponse;
  tooLarge(): SimResponse;
  internalError(error: unknown): SimResponse;
  /** Injected fault with this status (5xx, 429…). */
  fault(status: number): SimResponse;
  /** Headers every response of the area carries (e.g. `X-Line-Request-Id`). */
  headers(): Record<string, string>;
}

export interface HttpServerOptions {
  port: number;
  host: string;
  routes: readonly Route[];
  areaOf(path: string): Area;
  behaviours: Record<Area, AreaBehaviour>;
  recorder: Recorder;
  faults: FaultQueue;
  clock: Clock;
  /** How long a request held by a `'timeout'` fault stays open before its socket is destroyed. */
  holdMs: number;
  /** Timers of delayed answers, cleared on close. */
  delayTimers: Set<NodeJS.Timeout>;
}

/** A started server and how to stop it. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP server on loopback. */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningServer> {
  const holdTimers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    handle(options, holdTimers, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`simulator error: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    close: async () => {
      for (const timer of holdTimers) clearTimeout(timer);
      holdTimers.clear();
      for (const timer of options.delayTimers) clearTimeout(timer);
      options.delayTimers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function handle(
  options: HttpServerOptions,
  holdTimers: Set<NodeJS.Timeout>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const at = options.clock.now();
  const url = new URL(req.url ?? '/', 'http://simulator.local');
  const method = (req.method ?? 'GET').toUpperCase();
  const area = options.areaOf(url.pathname);
  const behaviour = options.behaviours[area];

  const raw = await readBody(req, behaviour.maxBodyBytes);
  const body: RequestBody =
    raw === 'too_large' ? { kind: 'empty' } : parseBody(raw, req.headers['content-type']);
  const matched = matchRoute(options.routes, method, url.pathname);
  const request: SimRequest = {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    params: matched?.params ?? {},
    body,
  };

  const response = await respond(options, behaviour, area, request, raw === 'too_large', matched?.route);
  const isRecorded = area === 'line' || area === 'meta';
  if ('hold' in response) {
    // Imitates a provider that never answers: the client must time out on its own.
    const timer = setTimeout(() => {
      holdTimers.delete(timer);
      req.socket.destroy();
    }, options.holdMs);
    holdTimers.add(timer);
    if (isRecorded) record(options, area, at, request, null, null);
    return;
  }

  const headers: Record<string, string> = { ...behaviour.headers(), ...response.headers };
  let payload: Buffer;
  let recordedResponse: unknown = null;
  if ('json' in response) {
    payload = Buffer.from(JSON.stringify(response.json));
    headers['content-type'] ??= 'application/json; charset=utf-8';
    recordedResponse = response.json;
  } else if ('bytes' in response) {
    payload = response.bytes;
  } else {
    payload = Buffer.from(response.text);
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    recordedResponse = response.text;
  }
  headers['content-length'] = String(payload.length);
  res.writeHead(response.status, headers);
  res.end(method === 'HEAD' ? undefined : payload);
  if (isRecorded) record(options, area, at, request, response.status, recordedResponse);
}

async function respond(
  options: HttpServerOptions,
  behaviour: AreaBehaviour,
  area: Area,
  request: SimRequest,
  isTooLarge: boolean,
  matched: Route | undefined,
): Promise<SimResponse> {
  if (isTooLarge) return behaviour.tooLarge();
  if (area === 'line' || area === 'meta') {
    const fault = options.faults.take(area, request.path);
    if (fault === 'timeout') return { hold: true };
    if (fault && 'status' in fault) return behaviour.fault(fault.status);
    const drawn = options.faults.draw(area, request.path);
    const delayMs = (fault?.delayMs ?? 0) + drawn.delayMs;
    if (delayMs > 0) await sleep(options, delayMs);
    if (drawn.fails) return behaviour.fault(500);
  }
  if (!matched) return behaviour.notFound();
  try {
    return await matched.handle(request);
  } catch (error) {
    return behaviour.internalError(error);
  }
}

/** Waits `ms` (real time), cut short when the server closes. */
function sleep(options: HttpServerOptions, ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      options.delayTimers.delete(timer);
      resolve();
    }, ms);
    options.delayTimers.add(timer);
  });
}

function record(
  options: HttpServerOptions,
  platform: 'line' | 'meta',
  at: number,
  request: SimRequest,
  status: number | null,
  response: unknown,
): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  options.recorder.addCall({
    id: options.recorder.nextId('c'),
    at,
    platform,
    method: request.method,
    path: request.path,
    query: Object.fromEntries(request.query),
    headers,
    body: bodyForRecord(request.body),
    status,
    response,
  });
}

function bodyForRecord(body: RequestBody): unknown {
  switch (body.kind) {
    case 'empty':
      return null;
    case 'json':
    case 'form':
      return body.value;
    case 'invalid_json':
    case 'other':
      return body.text;
  }
}

async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  let isTooLarge = false;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Keep draining so the client can read the 413 instead of seeing a reset connection.
    if (size > maxBytes) isTooLarge = true;
    else chunks.push(buffer);
  }
  return isTooLarge ? 'too_large' : Buffer.concat(chunks);
}

function parseBody(raw: Buffer, contentType: string | undefined): RequestBody {
  if (raw.length === 0) return { kind: 'empty' };
  const text = raw.toString('utf8');
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) {
    return { kind: 'form', value: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (type.includes('json') || type === '') {
    try {
      return { kind: 'json', value: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'invalid_json', text };
    }
  }
  return { kind: 'other', text };
}
