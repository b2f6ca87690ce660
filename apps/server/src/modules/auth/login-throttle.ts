// Brute-force guard of sign-in (OWASP Authentication Cheat Sheet): failures are counted per login as typed
// and client address together, so an attacker elsewhere can neither lock the owner out nor tell a real
// account from an unknown one (both are counted and answered alike). Each failure makes the next attempt
// from that source wait longer; after MAX_FAILED_LOGINS the pair is refused for the window. The per-IP
// limit over all logins is in the routes. Counted in the database so every node agrees.
import { tooManyRequests } from '../../http/errors';
import type { Executor } from '../../platform/db';
import * as repo from './auth.repo';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** How long after its latest failure a login may be tried again from the same source: 0, 0, 1, 2, 4 s… */
export function loginDelayMs(failures: number): number {
  if (failures >= MAX_FAILED_LOGINS) return FAILED_LOGIN_WINDOW_MS;
  return failures < 2 ? 0 : 1000 * 2 ** (failures - 2);
}

export type LoginKey = { login: string; source: string };

export const loginKeyOf = (login: string, source: string): LoginKey => ({
  login: login.trim().toLowerCase(),
  source,
});

/** Refuses an attempt made before the delay its earlier failures impose (429 with Retry-After seconds). */
export async function assertMayTryLogin(ex: Executor, key: LoginKey, now: Date) {
  const seen = await repo.findLoginFailures(ex, key.login, key.source);
  if (!seen || seen.lastFailureAt.getTime() < now.getTime() - FAILED_LOGIN_WINDOW_MS) return;
  const waitMs = seen.lastFailureAt.getTime() + loginDelayMs(seen.failures) - now.getTime();
  if (waitMs > 0) {
    throw tooManyRequests('auth.too_many_attempts', undefined, {
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }
}

export async function recordLoginFailure(ex: Executor, key: LoginKey, now: Date) {
  const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS);
  await repo.recordLoginFailure(ex, key, now, windowStart);
  await repo.pruneLoginFailures(ex, windowStart);
}

export const clearLoginFailures = (ex: Executor, key: LoginKey) =>
  repo.clearLoginFailures(ex, key.login, key.source);
