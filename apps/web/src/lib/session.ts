// The browser session: exactly the localStorage keys below and nothing else.
import { roleNamesOf } from '@sabai/domain';
import type { RoleEntry, RoleName } from '@sabai/domain';
import type { TokenPair } from '@sabai/contracts';
import { clearAllDrafts } from './drafts';

export const STORAGE_KEYS = {
  token: 'token',
  displayName: 'displayName',
  profilePath: 'profilePath',
  role: 'role',
  id: 'id',
  accessToken: 'accessToken',
  deviceToken: 'deviceToken',
} as const;

/** The token pair of POST /auth/login and /auth/refresh-token. */
export type SessionToken = TokenPair;

/** The access-token claims the web reads (docs/api.md). */
export type AccessClaims = {
  sub: string;
  exp: number;
  organizationId: string;
  role: RoleEntry[];
  roleName: string;
};

export type SessionProfile = {
  id: string;
  displayName: string;
  profilePath: string | null;
  roles: readonly string[];
};

function isSessionToken(value: unknown): value is SessionToken {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, refreshToken } = value as Record<string, unknown>;
  return typeof accessToken === 'string' && typeof refreshToken === 'string';
}

/** The stored token pair, or null when signed out or the stored value is unreadable. */
export function getToken(): SessionToken | null {
  const raw = localStorage.getItem(STORAGE_KEYS.token);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionToken(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Stores a token pair (the `accessToken` key mirrors the access token, as older clients read it). */
export function setToken(token: SessionToken): void {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(token));
  localStorage.setItem(STORAGE_KEYS.accessToken, token.accessToken);
}

/** Stores who is signed in, as shown in the header before /me answers. */
export function setProfile(profile: SessionProfile): void {
  localStorage.setItem(STORAGE_KEYS.id, profile.id);
  localStorage.setItem(STORAGE_KEYS.displayName, profile.displayName);
  if (profile.profilePath) localStorage.setItem(STORAGE_KEYS.profilePath, profile.profilePath);
  else localStorage.removeItem(STORAGE_KEYS.profilePath);
  localStorage.setItem(STORAGE_KEYS.role, JSON.stringify(profile.roles));
}

/** The stored profile, with defaults for missing keys. */
export function getProfile(): SessionProfile {
  return {
    id: localStorage.getItem(STORAGE_KEYS.id) ?? '',
    displayName: localStorage.getItem(STORAGE_KEYS.displayName) ?? '',
    profilePath: localStorage.getItem(STORAGE_KEYS.profilePath),
    roles: roleNamesOf(localStorage.getItem(STORAGE_KEYS.role) ?? ''),
  };
}

export function getDeviceToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.deviceToken);
}

/** Stores (or, with null, removes) this browser's web push device token. */
export function setDeviceToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.deviceToken, token);
  else localStorage.removeItem(STORAGE_KEYS.deviceToken);
}

/** Removes every session key (logout), and the unsent drafts with them. */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  clearAllDrafts();
}

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of an access token without verifying it (the server verifies); null when unreadable. */
export function readClaims(accessToken: string): AccessClaims | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const { sub, exp, organizationId, role, roleName } = claims as Record<string, unknown>;
    if (typeof exp !== 'number') return null;
    return {
      sub: String(sub ?? ''),
      exp,
      organizationId: String(organizationId ?? ''),
      role: Array.isArray(role) ? (role as RoleEntry[]) : [],
      roleName: typeof roleName === 'string' ? roleName : '',
    };
  } catch {
    return null;
  }
}

/** The access token is expired when exp × 1000 is before now (an unreadable token counts as expired). */
export function isAccessTokenExpired(accessToken: string, now = Date.now()): boolean {
  const claims = readClaims(accessToken);
  return claims === null || claims.exp * 1000 < now;
}

/** Role names of the signed-in user: from the stored list, else from the token's roleName claim. */
export function sessionRoleNames(): RoleName[] {
  const stored = getProfile().roles;
  if (stored.length > 0) return roleNamesOf(stored);
  const token = getToken();
  const claims = token ? readClaims(token.accessToken) : null;
  return claims ? roleNamesOf([claims.roleName]) : [];
}
