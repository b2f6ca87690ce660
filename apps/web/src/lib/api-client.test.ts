import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, clientHooks, refreshSession } from './api-client';
import { STORAGE_KEYS, getToken, setToken } from './session';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const validToken = () =>
  jwt({ sub: 'u1', exp: nowSeconds() + 600, organizationId: 'o1', role: [], roleName: 'Staff' });
const expiredToken = () =>
  jwt({ sub: 'u1', exp: nowSeconds() - 60, organizationId: 'o1', role: [], roleName: 'Staff' });

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Call = { url: string; init: RequestInit };

describe('api client', () => {
  let store: Map<string, string>;
  let calls: Call[];
  let answers: Array<(call: Call) => Response>;
  let cookie: string;
  const sessionEnds = vi.fn();
  const sleeps: number[] = [];

  beforeEach(() => {
    store = new Map();
    calls = [];
    answers = [];
    cookie = 'XSRF-TOKEN=xsrf-1';
    sleeps.length = 0;
    sessionEnds.mockReset();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
    vi.stubGlobal('document', {
      get cookie() {
        return cookie;
      },
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call ${url}`);
      return answer(call);
    });
    clientHooks.onSessionEnd = sessionEnds;
    clientHooks.sleep = async (ms) => void sleeps.push(ms);
  });

  afterEach(() => vi.unstubAllGlobals());

  const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

  it('sends JSON with the bearer token, the XSRF header and same-origin credentials', async () => {
    const accessToken = validToken();
    setToken({ accessToken, refreshToken: 'r1' });
    answers.push(() => json(200, { ok: true }));
    await expect(apiRequest('PUT', '/me', { body: { username: 'a' } })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/v1/me');
    expect(header(calls[0], 'authorization')).toBe(`Bearer ${accessToken}`);
    expect(header(calls[0], 'x-xsrf-token')).toBe('xsrf-1');
    expect(header(calls[0], 'content-type')).toBe('application/json');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.init.body).toBe('{"username":"a"}');
  });

  it('refreshes an expired access token once for concurrent calls, then uses the new one', async () => {
    setToken({ accessToken: expiredToken(), refreshToken: 'r1' });
    const fresh = validToken();
    answers.push(() => json(200, { accessToken: fresh, refreshToken: 'r2' }));
    answers.push(() => json(200, 1));
    answers.push(() => json(200, 2));
    const results = await Promise.all([apiRequest('GET', '/a'), apiRequest('GET', '/b')]);
    expect(results).toEqual([1, 2]);
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/refresh-token', '/api/v1/a', '/api/v1/b']);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ refreshToken: 'r1' });
    expect(header(calls[1], 'authorization')).toBe(`Bearer ${fresh}`);
    expect(getToken()).toEqual({ accessToken: fresh, refreshToken: 'r2' });
    expect(store.get(STORAGE_KEYS.accessToken)).toBe(fresh);
  });

  it('ends the session when the refresh is refused', async () => {
    setToken({ accessToken: expiredToken(), refreshToken: 'spent' });
    store.set(STORAGE_KEYS.displayName, 'Somchai');
    answers.push(() => json(401, { error: { code: 'auth.invalid_refresh_token', message: 'x' } }));
    await expect(apiRequest('GET', '/me')).rejects.toMatchObject({
      status: 401,
      code: 'auth.invalid_refresh_token',
    });
    expect(getToken()).toBeNull();
    expect(store.size).toBe(0);
    expect(sessionEnds).toHaveBeenCalledOnce();
  });

  it('clears the session on a 401 of a signed-in call, but not on a failed sign-in', async () => {
    answers.push(() => json(401, { error: { code: 'auth.invalid_credentials', message: 'x' } }));
    await expect(apiRequest('POST', '/auth/login', { auth: false, body: {} })).rejects.toMatchObject({
      code: 'auth.invalid_credentials',
    });
    expect(sessionEnds).not.toHaveBeenCalled();

    setToken({ accessToken: validToken(), refreshToken: 'r1' });
    answers.push(() => json(401, { error: { code: 'auth.unauthenticated', message: 'x' } }));
    await expect(apiRequest('GET', '/me')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(sessionEnds).toHaveBeenCalledOnce();
  });

  it('refreshes a revoked (unexpired) access token and tries the call once more', async () => {
    const revoked = validToken();
    setToken({ accessToken: revoked, refreshToken: 'r1' });
    const fresh = jwt({
      sub: 'u1',
      exp: nowSeconds() + 900,
      organizationId: 'o1',
      role: [],
      roleName: 'Staff',
    });
    const sessionChanges = vi.fn();
    clientHooks.onSessionChanged = sessionChanges;
    answers.push(() => json(401, { error: { code: 'auth.token_revoked', message: 'x' } }));
    answers.push(() => json(200, { accessToken: fresh, refreshToken: 'r2' }));
    answers.push(() => json(200, { ok: true }));
    await expect(apiRequest('GET', '/issues')).resolves.toEqual({ ok: true });
    expect(sessionChanges).toHaveBeenCalledOnce(); // the role may have changed: /me is read again
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/issues',
      '/api/v1/auth/refresh-token',
      '/api/v1/issues',
    ]);
    expect(header(calls[2], 'authorization')).toBe(`Bearer ${fresh}`);
    expect(getToken()).toEqual({ accessToken: fresh, refreshToken: 'r2' });
    expect(sessionEnds).not.toHaveBeenCalled();
  });

  it('signs out when the token is revoked and the refresh is refused too (deactivated, logged out)', async () => {
    setToken({ accessToken: validToken(), refreshToken: 'r1' });
    answers.push(() => json(401, { error: { code: 'auth.token_revoked', message: 'x' } }));
    answers.push(() => json(401, { error: { code: 'auth.invalid_refresh_token', message: 'x' } }));
    await expect(apiRequest('GET', '/issues')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(sessionEnds).toHaveBeenCalled();
  });

  it('exchanges a pushed refresh token at once although the access token has not expired', async () => {
    const old = validToken();
    setToken({ accessToken: old, refreshToken: 'r1' });
    const fresh = jwt({
      sub: 'u1',
      exp: nowSeconds() + 900,
      organizationId: 'o1',
      role: [],
      roleName: 'Manager',
    });
    answers.push(() => json(200, { accessToken: fresh, refreshToken: 'r3' }));
    await refreshSession({ stale: old, refreshToken: 'pushed' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ refreshToken: 'pushed' });
    expect(getToken()).toEqual({ accessToken: fresh, refreshToken: 'r3' });
    // Another tab that replaced the stale token already: nothing more to exchange.
    await expect(refreshSession({ stale: old, refreshToken: 'pushed' })).resolves.toEqual(getToken());
    expect(calls).toHaveLength(1);
  });

  it('retries statuses above 500 up to 5 times, waiting 2000 ms × attempt', async () => {
    for (let i = 0; i < 6; i += 1) answers.push(() => json(503));
    await expect(apiRequest('GET', '/x', { auth: false })).rejects.toMatchObject({
      status: 503,
      code: 'internal',
    });
    expect(calls).toHaveLength(6);
    expect(sleeps).toEqual([2000, 4000, 6000, 8000, 10000]);
  });

  it('does not retry a 500 and succeeds after a retried 502', async () => {
    answers.push(() => json(500, { error: { code: 'internal', message: 'x' } }));
    await expect(apiRequest('GET', '/x', { auth: false })).rejects.toMatchObject({ status: 500 });
    answers.push(() => json(502));
    answers.push(() => json(200, 'ok'));
    await expect(apiRequest('GET', '/y', { auth: false })).resolves.toBe('ok');
    expect(sleeps).toEqual([2000]);
  });

  it('does not retry an AI endpoint’s failure (each try would spend a request of the budget)', async () => {
    answers.push(() => json(502, { error: { code: 'ai.unavailable', message: 'x' } }));
    await expect(apiRequest('POST', '/issues/1/assist/summary', { auth: false })).rejects.toMatchObject({
      status: 502,
      code: 'ai.unavailable',
    });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries once when the XSRF cookie appears with the 403', async () => {
    cookie = '';
    answers.push(() => {
      cookie = 'XSRF-TOKEN=new';
      return json(403, { error: { code: 'xsrf.invalid', message: 'x' } });
    });
    answers.push(() => new Response(null, { status: 204 }));
    await expect(
      apiRequest('POST', '/auth/forgot-password', { auth: false, body: {} }),
    ).resolves.toBeUndefined();
    expect(header(calls[1], 'x-xsrf-token')).toBe('new');
  });

  it('turns a network failure into a translatable error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('GET', '/x', { auth: false })).rejects.toMatchObject({
      status: 0,
      code: 'network.unavailable',
    });
  });
});
