// The one loopback HTTP server: reads and parses bodies, applies injected faults, dispatches to the area's
// handler, writes event streams piece by piece, stamps provider headers and records every LINE and Graph call
// for `calls()` and every model request for `ai.requests()`.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../core/clock';
import type { AiFault, FaultQueue, Provider, StatusFault } from '../core/faults';
import type { AiOutcome, Recorder } from '../core/records';
import { matchRoute } from './router';
import type { Area, RequestBody, Route, SimRequest, SimResponse } from './router';

/** How one area answers the cases the dispatcher handles itself. */
export interface AreaBehaviour {
  maxBodyBytes: number;
  notFound(request: SimRequest): SimResponse;
  tooLarge(): SimResponse;
  internalError(error: unknown): SimResponse;
  /** Injected fault with a status (5xx, 429…). */
  fault(fault: StatusFault): SimResponse;
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
  const generation = options.recorder.generation;
  const url = new URL(req.url ?? '/', 'http://simulator.local');
  const method = (req.method ?? 'GET').toUpperCase();
  const area = options.areaOf(url.pathname);
  const behaviour = options.behaviours[area];

  const raw = await readBody(req, behaviour.maxBodyBytes);
  const isTooLarge = raw === 'too_large';
  const body: RequestBody = isTooLarge ? { kind: 'empty' } : parseBody(raw, req.headers['content-type']);
  const matched = matchRoute(options.routes, method, url.pathname);
  const request: SimRequest = {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    params: matched?.params ?? {},
    body,
  };

  const provider = providerOf(area);
  const fault = provider && !isTooLarge ? options.faults.take(provider, request.path) : null;
  const response = await respond(options, behaviour, provider, request, isTooLarge, matched?.route, fault);
  if ('hold' in response) {
    // Imitates a provider that never answers: the client must time out on its own.
    const timer = setTimeout(() => {
      holdTimers.delete(timer);
      req.socket.destroy();
    }, options.holdMs);
    holdTimers.add(timer);
    record(options, generation, area, at, request, { status: null, response: null, outcome: 'held' });
    return;
  }

  const headers: Record<string, string> = { ...behaviour.headers(), ...response.headers };
  if ('events' in response) {
    const outcome = await writeEvents(options, res, response.status, headers, response.events, fault);
    record(options, generation, area, at, request, { status: response.status, response: null, outcome });
    return;
  }
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
  // A client that gave up during a delay fault has closed the connection already.
  const outcome: AiOutcome = res.destroyed ? 'abandoned' : 'completed';
  headers['content-length'] = String(payload.length);
  res.writeHead(response.status, headers);
  res.end(method === 'HEAD' ? undefined : payload);
  record(options, generation, area, at, request, {
    status: response.status,
    response: recordedResponse,
    outcome,
  });
}

/** The areas that fake a provider: their calls meet injected faults and are recorded. */
function providerOf(area: Area): Provider | null {
  return area === 'line' || area === 'meta' || area === 'ai' ? area : null;
}

async function respond(
  options: HttpServerOptions,
  behaviour: AreaBehaviour,
  provider: Provider | null,
  request: SimRequest,
  isTooLarge: boolean,
  matched: Route | undefined,
  fault: AiFault | null,
): Promise<SimResponse> {
  if (isTooLarge) return behaviour.tooLarge();
  if (provider) {
    if (fault === 'timeout') return { hold: true };
    if (fault && 'status' in fault) return behaviour.fault(fault);
    const drawn = options.faults.draw(provider, request.path);
    const delayMs = (fault && 'delayMs' in fault ? fault.delayMs : 0) + drawn.delayMs;
    if (delayMs > 0) await sleep(options, delayMs);
    if (drawn.fails) return behaviour.fault({ status: 500 });
  }
  if (!matched) return behaviour.notFound(request);
  try {
    return await matched.handle(request);
  } catch (error) {
    return behaviour.internalError(error);
  }
}

/**
 * Writes server-sent events one at a time, so a stream fault can pause before every event after the first or
 * cut the connection after some of them, as a provider failing mid-answer would.
 */
async function writeEvents(
  options: HttpServerOptions,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  events: readonly string[],
  fault: AiFault | null,
): Promise<AiOutcome> {
  const pauseMs = fault && typeof fault === 'object' && 'chunkDelayMs' in fault ? fault.chunkDelayMs : 0;
  const cutAfter =
    fault && typeof fault === 'object' && 'cutAfterChunks' in fault ? fault.cutAfterChunks : null;
  res.writeHead(status, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...headers,
  });
  // Each event is handed to the socket before the next step, so a cut never drops events already written.
  const write = (data: string) => new Promise<void>((resolve) => res.write(data, () => resolve()));
  for (const [index, event] of events.entries()) {
    if (index === cutAfter) {
      res.destroy();
      return 'cut_off';
    }
    if (index > 0 && pauseMs > 0) await sleep(options, pauseMs);
    if (res.destroyed) return 'abandoned';
    await write(`data: ${event}\n\n`);
  }
  res.end();
  return 'completed';
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

/** LINE and Graph calls become `ApiCall`s; model requests become `AiRequest`s, which never keep the key. */
function record(
  options: HttpServerOptions,
  generation: number,
  area: Area,
  at: number,
  request: SimRequest,
  result: { status: number | null; response: unknown; outcome: AiOutcome },
): void {
  // Arrived before the records were cleared: it belongs to what was cleared.
  if (generation !== options.recorder.generation) return;
  if (area === 'ai') {
    options.recorder.addAiRequest({
      id: options.recorder.nextId('a'),
      at,
      method: request.method,
      path: request.path,
      body: bodyForRecord(request.body),
      hasKey: /^Bearer\s+\S/i.test(request.headers.authorization ?? ''),
      status: result.status,
      outcome: result.outcome,
    });
    return;
  }
  if (area !== 'line' && area !== 'meta') return;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  options.recorder.addCall({
    id: options.recorder.nextId('c'),
    at,
    platform: area,
    method: request.method,
    path: request.path,
    query: Object.fromEntries(request.query),
    headers,
    body: bodyForRecord(request.body),
    status: result.status,
    response: result.response,
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
