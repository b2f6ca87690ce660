// Direct API calls for a journey's set-up (what another organisation did, data the UI cannot create).
import { request } from 'playwright-core';
import type { APIRequestContext } from 'playwright-core';

export type ApiSession = {
  call: <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => Promise<T>;
  dispose: () => Promise<void>;
};

/** Signs in through the API and returns a caller that sends the bearer token and the XSRF header. */
export async function apiSession(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const context: APIRequestContext = await request.newContext({ baseURL: baseUrl });
  const login = await context.post('/api/v1/auth/login', { data: { email, password } });
  if (!login.ok()) throw new Error(`API sign-in as ${email} answered ${login.status()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ) => {
    const { cookies } = await context.storageState();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await context.fetch(`/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, 'X-XSRF-TOKEN': xsrf },
      ...(body === undefined ? {} : { data: body }),
    });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return { call, dispose: () => context.dispose() };
}
