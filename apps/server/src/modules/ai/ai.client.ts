// The one way the server talks to a model endpoint: the official `openai` client, whose every request goes
// through the guarded client (platform/guarded-fetch.ts: http or https, no credentials in the URL, public
// addresses only unless the operator sets AI_ENDPOINT_ALLOW_PRIVATE, bounded in time and bytes). The
// client never retries (a feature decides whether to try again) and never logs. Failures become the stable
// codes the UI translates.
import { Readable } from 'node:stream';
import OpenAI from 'openai';
import type { AiOutcome } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { createGuardedFetch, GuardedFetchError, type GuardedFetch } from '../../platform/guarded-fetch';

/** The longest answer read from the endpoint (a chat completion is a few KB; a stream a little more). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export type Endpoint = { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number };

// One guarded client per configuration: http allowed (local servers), private addresses only when allowed.
const clients = new WeakMap<Deps['config'], GuardedFetch>();
function guardedClient(deps: Deps): GuardedFetch {
  let client = clients.get(deps.config);
  if (!client) {
    client = createGuardedFetch({
      allowHttp: true,
      allowPrivateAddresses: deps.config.AI_ENDPOINT_ALLOW_PRIVATE,
    });
    clients.set(deps.config, client);
  }
  return client;
}

/** The guarded client as a WHATWG fetch for the `openai` client; the body streams as it arrives. */
function fetchFor(guarded: GuardedFetch, timeoutMs: number): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST')
      throw new GuardedFetchError('blocked', `${method} is not sent`);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' || init.body == null ? (init.body ?? null) : null;
    if (init.body != null && body === null)
      throw new GuardedFetchError('blocked', 'only text bodies are sent');
    const res = await guarded(url, {
      method,
      headers,
      body,
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      ...(init.signal ? { signal: init.signal } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) answerHeaders.append(name, v);
      else if (value !== undefined) answerHeaders.set(name, value);
    }
    const empty = res.status === 204 || res.status === 304;
    if (empty) res.body.destroy();
    return new Response(empty ? null : (Readable.toWeb(res.body) as ReadableStream<Uint8Array>), {
      status: res.status,
      headers: answerHeaders,
    });
  };
}

/**
 * A client for one endpoint. Its own timeout is a little longer than the guarded client's, which bounds
 * the whole exchange (a streamed body included) and so decides first.
 */
export function openAiFor(deps: Deps, endpoint: Endpoint): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // The client insists on a key; without one the Authorization header is left out altogether.
    apiKey: endpoint.apiKey || 'no-key',
    ...(endpoint.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    organization: null,
    project: null,
    fetch: fetchFor(guardedClient(deps), endpoint.timeoutMs),
    maxRetries: 0,
    timeout: endpoint.timeoutMs + 1000,
    logLevel: 'off',
  });
}

/** A failure as the log and the caller see it: its code, and the endpoint's retry-after when it gave one. */
export type Failure = { outcome: Exclude<AiOutcome, 'ok'>; retryAfterSeconds?: number };

/** The guarded client's error behind an `openai` error (its `cause`, possibly nested), if any. */
function guardedCause(err: unknown): GuardedFetchError | null {
  for (let at: unknown = err, depth = 0; at && depth < 5; depth++) {
    if (at instanceof GuardedFetchError) return at;
    at = (at as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * What a failed request means. `timedOut` / `cancelled` say which of the caller's deadlines fired (the
 * client then reports a plain abort).
 */
export function failureOf(err: unknown, state: { timedOut: boolean; cancelled: boolean }): Failure {
  if (state.timedOut) return { outcome: 'ai.timeout' };
  if (state.cancelled) return { outcome: 'ai.cancelled' };
  const guarded = guardedCause(err);
  if (guarded?.reason === 'blocked') return { outcome: 'ai.endpoint_private' };
  if (guarded?.reason === 'timeout' || err instanceof OpenAI.APIConnectionTimeoutError)
    return { outcome: 'ai.timeout' };
  if (err instanceof OpenAI.APIError && err.status !== undefined) {
    if (err.status === 429) {
      const retryAfter = Number(err.headers?.get('retry-after'));
      return {
        outcome: 'ai.rate_limited',
        ...(Number.isFinite(retryAfter) && retryAfter >= 0
          ? { retryAfterSeconds: Math.ceil(retryAfter) }
          : {}),
      };
    }
    if (err.status === 401 || err.status === 403) return { outcome: 'ai.auth_failed' };
  }
  return { outcome: 'ai.unavailable' };
}
