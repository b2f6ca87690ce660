// The one client for URLs that someone else supplies (web-push endpoints, LINE "external" content, Meta
// attachment links): a user or a webhook must not make the server reach its own network (SSRF). https only;
// every address a name resolves to is checked at connect time (the lookup that the socket uses, so a second
// DNS answer cannot rebind to loopback); redirects are followed by hand and checked again; the body is
// bounded in bytes and the whole exchange in time. Origins the operator lists (OUTBOUND_ALLOWED_ORIGINS, the
// simulator's PROVIDER_BASE_URL) skip the scheme and address checks: tests and the demo run on 127.0.0.1.
// Outgoing webhooks use a client of their own that takes http too, and private addresses only when the
// operator allows them (OUTGOING_WEBHOOK_ALLOW_PRIVATE); destinationProblem() checks a URL when it is saved.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';

export type GuardedFetchFailure = 'blocked' | 'too_large' | 'timeout' | 'redirects' | 'network' | 'aborted';

/** Why a guarded request did not happen or did not finish; `blocked` is never worth retrying. */
export class GuardedFetchError extends Error {
  constructor(
    readonly reason: GuardedFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GuardedFetchError';
  }
}

export type GuardedRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer | string | null;
  /** The response body errors with `too_large` past this many bytes. */
  maxBytes?: number;
  /** For the whole exchange, redirects and body included. */
  timeoutMs?: number;
  /** false: a 3xx answer is returned as it is instead of followed (webhook deliveries). Default true. */
  followRedirects?: boolean;
  /** The caller gives up: the request, or the body being read, fails with `aborted`. */
  signal?: AbortSignal;
};

export type GuardedResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** Must be read or destroyed; it errors with GuardedFetchError on the byte or time limit. */
  body: Readable;
};

export type GuardedFetch = (url: string, request?: GuardedRequest) => Promise<GuardedResponse>;

export type GuardedFetchOptions = {
  /** Origins (`scheme://host[:port]`) reached as given: no https or address rule. */
  allowedOrigins?: Iterable<string>;
  /** http is allowed besides https (outgoing webhooks, tests); the address rule still holds. */
  allowHttp?: boolean;
  /** Loopback, private and link-local addresses are allowed too (OUTGOING_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivateAddresses?: boolean;
  /**
   * Connections stay open between requests to the same origin (a stream of POSTs to the same receivers:
   * outgoing webhooks). Each was checked by the lookup when it connected, which a reused one cannot undo.
   */
  keepAlive?: boolean;
  /** Tests only: stands in for DNS. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
};

const DEFAULT_MAX_BYTES = 30 * 1024 * 1024;
/**
 * How long a kept connection may stay idle: below the 5 s that servers commonly keep one (Node's default),
 * so a request is not written on a connection its server is closing. A shorter hint from the server wins.
 */
const IDLE_CONNECTION_MS = 4_000;
const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

// Every range that is not the public internet: loopback, "this network", private (RFC 1918), CGNAT,
// link-local (cloud metadata at 169.254.169.254 included), benchmarking, documentation, multicast, reserved;
// in IPv6 also unique-local, site-local, NAT64 and IPv4-mapped/compatible forms (checked as IPv4 below).
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is on the public internet (IPv4-mapped and -compatible IPv6 judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIpv4(address);
  if (embedded) return isPublicAddress(embedded);
  return !blocked.check(address, 'ipv6');
}

/** The IPv4 address inside ::ffff:a.b.c.d, ::a.b.c.d or their hex spellings, else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::ffff:0:|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|::ffff:0:|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Normalises `scheme://host[:port]` the way URL.origin does (default ports dropped). */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((done, fail) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? fail(err) : done(addresses),
    ),
  );

/** Why a URL may not be requested: not a URL, scheme, credentials in it, a non-public address, no DNS answer. */
export type DestinationProblem = 'invalid' | 'scheme' | 'credentials' | 'private' | 'unresolvable';

/**
 * Checks a URL that is saved for later requests (an outgoing webhook endpoint) against the same rules as a
 * request, resolving its host now: null when it may be requested. A request checks again at connect time,
 * as DNS may answer differently by then.
 */
export async function destinationProblem(
  input: string,
  options: Pick<GuardedFetchOptions, 'allowHttp' | 'allowPrivateAddresses' | 'resolve'> = {},
): Promise<DestinationProblem | null> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (options.allowPrivateAddresses) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : 'private';
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every((a) => isPublicAddress(a.address)) ? null : 'private';
}

export function createGuardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  const allowed = new Set([...(options.allowedOrigins ?? [])].map(originOf).filter((o) => o !== null));
  const resolve = options.resolve ?? systemResolve;
  // Private addresses allowed: the socket connects wherever DNS says (scheme and credential rules stay).
  const anyAddress = options.allowPrivateAddresses === true;
  // Without: a connection per request.
  const agents = options.keepAlive
    ? {
        'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
        'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
      }
    : null;

  // The socket's own lookup: the addresses checked are the addresses connected to.
  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (addresses.length === 0 || refused) {
          const error = new GuardedFetchError(
            'blocked',
            `${hostname} resolves to a non-public address${refused ? ` (${refused.address})` : ''}`,
          );
          return callback(error as NodeJS.ErrnoException, '', 4);
        }
        if (lookupOptions.all) return callback(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };

  /** Throws `blocked` unless the URL may be requested; returns whether its addresses go unchecked. */
  function check(url: URL): boolean {
    if (allowed.has(url.origin)) return true;
    if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:'))
      throw new GuardedFetchError('blocked', `${url.protocol} URLs are not fetched`);
    if (url.username || url.password)
      throw new GuardedFetchError('blocked', 'URLs with credentials are not fetched');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!anyAddress && isIP(host) && !isPublicAddress(host))
      throw new GuardedFetchError('blocked', `${host} is not a public address`);
    return anyAddress;
  }

  function once(url: URL, request: GuardedRequest, signal: AbortSignal): Promise<GuardedResponse> {
    const trusted = check(url);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((done, fail) => {
      const req = client.request(url, {
        method: request.method ?? 'GET',
        headers: request.headers,
        agent: agents?.[url.protocol as 'http:' | 'https:'] ?? false,
        signal,
        ...(trusted ? {} : { lookup: guardedLookup }),
      });
      req.on('error', (err) =>
        fail(err instanceof GuardedFetchError || signal.aborted ? toFailure(err, signal) : toNetwork(err)),
      );
      req.on('response', (res) => done({ status: res.statusCode ?? 0, headers: res.headers, body: res }));
      req.end(request.body ?? undefined);
    });
  }

  return async (input, request = {}) => {
    const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new GuardedFetchError('timeout', 'the request took too long')),
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const giveUp = () => controller.abort(new GuardedFetchError('aborted', 'the caller gave up'));
    if (request.signal?.aborted) giveUp();
    else request.signal?.addEventListener('abort', giveUp, { once: true });
    controller.signal.addEventListener('abort', () => request.signal?.removeEventListener('abort', giveUp), {
      once: true,
    });
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', giveUp);
      throw new GuardedFetchError('blocked', 'not a URL');
    }
    let current = request;
    try {
      for (let hop = 0; ; hop++) {
        const res = await once(url, current, controller.signal);
        const location = res.headers.location;
        if (res.status >= 300 && res.status < 400 && location && current.followRedirects !== false) {
          res.body.resume();
          if (hop >= MAX_REDIRECTS) throw new GuardedFetchError('redirects', 'too many redirects');
          url = new URL(location, url);
          // 303, and 301/302 after a POST, continue as a GET without a body (as browsers do).
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && current.method === 'POST'))
            current = { ...current, method: 'GET', body: null };
          continue;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.body.destroy();
          throw new GuardedFetchError('too_large', `the body has ${declared} bytes`);
        }
        return {
          ...res,
          body: bounded(res.body, maxBytes, controller.signal, () => {
            clearTimeout(timer);
            request.signal?.removeEventListener('abort', giveUp);
          }),
        };
      }
    } catch (err) {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', giveUp);
      throw toFailure(err, controller.signal);
    }
  };
}

/** Passes the body through, failing it past `maxBytes` or when the exchange's time runs out. */
function bounded(source: Readable, maxBytes: number, signal: AbortSignal, done: () => void): Readable {
  let total = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      total += chunk.length;
      if (total > maxBytes) return next(new GuardedFetchError('too_large', `more than ${maxBytes} bytes`));
      next(null, chunk);
    },
  });
  const onAbort = () => limited.destroy(toFailure(signal.reason, signal));
  signal.addEventListener('abort', onAbort, { once: true });
  source.on('error', (err) => limited.destroy(toFailure(err, signal)));
  limited.on('close', () => {
    signal.removeEventListener('abort', onAbort);
    source.destroy();
    done();
  });
  return source.pipe(limited);
}

function toFailure(err: unknown, signal: AbortSignal): GuardedFetchError {
  if (err instanceof GuardedFetchError) return err;
  if (signal.aborted && signal.reason instanceof GuardedFetchError) return signal.reason;
  return toNetwork(err);
}

function toNetwork(err: unknown): GuardedFetchError {
  if (err instanceof GuardedFetchError) return err;
  return new GuardedFetchError('network', err instanceof Error ? err.message : String(err));
}
