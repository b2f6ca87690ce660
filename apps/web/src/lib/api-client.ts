// The only place in the web app that calls fetch (docs/api.md conventions).
import { API_RETRY_DELAY_MS, API_RETRY_LIMIT } from '@sabai/domain';
import { API_BASE } from './config';
import { clearSession, getToken, isAccessTokenExpired, setToken } from './session';
import type { SessionToken } from './session';

/** A failed call, carrying the error envelope's stable `code` that screens translate as `errors.<code>`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  body?: unknown;
  /** Sends the bearer token (refreshing it first when expired); public calls pass false. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Answers the body as a Blob (file downloads such as report exports). */
  asBlob?: boolean;
};

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Hooks for what the client cannot do itself; the app replaces them at start-up. */
export const clientHooks = {
  /** Called after the session was cleared (401 or failed refresh): the app replaces the route with `/`. */
  onSessionEnd: (): void => window.location.replace('/'),
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
  /** Called after a revoked or stale access token was replaced: the user's role may have changed. */
  onSessionChanged: (): void => undefined,
};

function endSession(): void {
  clearSession();
  clientHooks.onSessionEnd();
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function errorCodeOf(payload: unknown, status: number): { code: string; details?: unknown } {
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const { error } = payload as { error: unknown };
    if (typeof error === 'object' && error !== null) {
      const { code, details } = error as { code?: unknown; details?: unknown };
      if (typeof code === 'string' && code) return { code, details };
    }
  }
  return { code: status >= 500 ? 'internal' : status === 404 ? 'not_found' : 'unknown' };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  accessToken: string | null,
  signal?: AbortSignal,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    // No timeout; the caller's signal cancels.
    const response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
    });
    return { response, sentXsrf: xsrf };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network.unavailable');
  }
}

/**
 * A 5xx that names an AI endpoint's failure (`ai.unavailable`, `ai.timeout`…) is not retried: each try
 * would spend a request of the organisation's budget on an endpoint that just failed, and the agent, who
 * asked, can ask again.
 */
async function isModelFailure(response: Response) {
  return errorCodeOf(await readBody(response.clone()), response.status).code.startsWith('ai.');
}

/** Sends one call with the retry rules (up to 5 retries for statuses above 500) and returns the parsed answer of a 2xx. */
async function call<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  accessToken: string | null,
): Promise<T> {
  let retriedXsrf = false;
  for (let attempt = 1; ; attempt += 1) {
    const { response, sentXsrf } = await send(method, path, options.body, accessToken, options.signal);
    if (response.ok) return (options.asBlob ? await response.blob() : await readBody(response)) as T;
    // Up to 5 retries, 2000 ms × attempt, only for statuses above 500.
    if (response.status > 500 && attempt <= API_RETRY_LIMIT && !(await isModelFailure(response))) {
      await clientHooks.sleep(API_RETRY_DELAY_MS * attempt);
      options.signal?.throwIfAborted();
      continue;
    }
    const { code, details } = errorCodeOf(await readBody(response), response.status);
    // A first state-changing call may go out before the XSRF cookie exists; the 403 sets it, so try once more.
    if (code === 'xsrf.invalid' && !retriedXsrf && readCookie(XSRF_COOKIE) !== sentXsrf) {
      retriedXsrf = true;
      attempt -= 1;
      continue;
    }
    throw new ApiError(response.status, code, details);
  }
}

let refreshing: Promise<SessionToken> | null = null;

/** Why a refresh is asked for beyond expiry. */
export type RefreshReason = {
  /** An access token the server refused or that is known to be out of date (a role change). */
  stale?: string;
  /** A refresh token pushed by the server (a refresh message), exchanged instead of the stored one. */
  refreshToken?: string;
};

async function exchangeRefreshToken(reason: RefreshReason): Promise<SessionToken> {
  const current = getToken();
  if (!current) {
    endSession();
    throw new ApiError(401, 'auth.unauthenticated');
  }
  // Another tab may have refreshed while this one waited for the lock: use its pair.
  const replaced = reason.stale === undefined || current.accessToken !== reason.stale;
  if (!isAccessTokenExpired(current.accessToken) && replaced) return current;
  try {
    const fresh = await call<SessionToken>(
      'POST',
      '/auth/refresh-token',
      { body: { refreshToken: reason.refreshToken ?? current.refreshToken } },
      null,
    );
    setToken(fresh);
    if (reason.stale !== undefined) clientHooks.onSessionChanged();
    return fresh;
  } catch (error) {
    // A network failure is not a refusal: keep the session so the next call can try again.
    if (!(error instanceof ApiError) || error.status !== 0) endSession();
    throw error;
  }
}

/**
 * Exchanges the refresh token for a new pair, once for all concurrent callers (single flight). Tabs
 * share the stored token, and each refresh token works once, so tabs take turns through a Web Lock.
 * When the server refuses, the session ends (token cleared, browser goes to /). The stored access
 * token is kept while it is unexpired, unless `reason.stale` names it (refused, or a role change).
 */
export function refreshSession(reason: RefreshReason = {}): Promise<SessionToken> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const exchange = () => exchangeRefreshToken(reason);
  refreshing ??= (locks ? locks.request('sabai-inbox-refresh', exchange) : exchange()).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The stored token pair, refreshed first when the access token has expired. Calls that send
 * the refresh token in their body (logout, switching organisation) read it from here, so they never
 * send one the refresh has just spent.
 */
export async function freshSession(): Promise<SessionToken | null> {
  const token = getToken();
  if (!token) return null;
  if (!isAccessTokenExpired(token.accessToken)) return token;
  return refreshSession();
}

/**
 * A token for a websocket: the stored one, or a refreshed one when the server closed the previous socket
 * because its token was revoked (`stale`); null when signed out or the refresh is refused.
 */
export function socketSession(stale?: string): Promise<SessionToken | null> {
  return (stale ? refreshSession({ stale }) : freshSession()).catch(() => null);
}

/** The server refused a token issued before the user's sessions changed: refresh, then try once more. */
export const TOKEN_REVOKED = 'auth.token_revoked';

/** Calls the API under /api/v1; throws ApiError with the envelope's code on failure. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const auth = options.auth ?? true;
  let accessToken = auth ? ((await freshSession())?.accessToken ?? null) : null;
  if (auth && !accessToken) {
    endSession();
    throw new ApiError(401, 'auth.unauthenticated');
  }
  try {
    try {
      return await call<T>(method, path, options, accessToken);
    } catch (error) {
      if (!(accessToken && error instanceof ApiError && error.code === TOKEN_REVOKED)) throw error;
      accessToken = (await refreshSession({ stale: accessToken })).accessToken;
      return await call<T>(method, path, options, accessToken);
    }
  } catch (error) {
    // A 401 on a signed-in call clears the token and replaces the route with /.
    if (auth && error instanceof ApiError && error.status === 401) endSession();
    throw error;
  }
}

/**
 * Downloads a file from the API as it arrives (no retries: an export is not repeated behind the user's
 * back); `onChunk` sees each piece and the response headers, so a large export can show its progress.
 */
export function apiDownload(
  path: string,
  onChunk: (chunk: Uint8Array, headers: Headers) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiStreamed('GET', path, undefined, onChunk, signal);
}

/**
 * Calls a route whose answer is read as it arrives (downloads, streamed AI answers): no retries (the work
 * is not repeated behind the user's back), one refresh of a revoked session and one XSRF retry, as
 * ordinary calls have; `onChunk` sees each piece and the response headers.
 */
export async function apiStreamed(
  method: HttpMethod,
  path: string,
  body: unknown,
  onChunk: (chunk: Uint8Array, headers: Headers) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const accessToken = (await freshSession())?.accessToken ?? null;
  if (!accessToken) {
    endSession();
    throw new ApiError(401, 'auth.unauthenticated');
  }
  let { response, sentXsrf } = await send(method, path, body, accessToken, signal);
  if (response.status === 401 && errorCodeOf(await readBody(response.clone()), 401).code === TOKEN_REVOKED) {
    const fresh = await refreshSession({ stale: accessToken });
    ({ response, sentXsrf } = await send(method, path, body, fresh.accessToken, signal));
  }
  // A first state-changing call may go out before the XSRF cookie exists; the 403 sets it.
  if (
    response.status === 403 &&
    errorCodeOf(await readBody(response.clone()), 403).code === 'xsrf.invalid' &&
    readCookie(XSRF_COOKIE) !== sentXsrf
  ) {
    const token = (await freshSession())?.accessToken ?? accessToken;
    ({ response } = await send(method, path, body, token, signal));
  }
  if (!response.ok) {
    if (response.status === 401) endSession();
    const { code, details } = errorCodeOf(await readBody(response), response.status);
    throw new ApiError(response.status, code, details);
  }
  const type = response.headers.get('content-type') ?? '';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = (response.body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onChunk(value, response.headers);
  }
  return new Blob(chunks, { type });
}
