// Access tokens: short-lived HS256 JWTs with the published claims (docs/api.md). Refresh tokens: opaque random strings
// stored only as SHA-256 hashes, rotated at each use.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@sabai/domain';
import { AccessTokenClaimsSchema, type AccessTokenClaims } from '@sabai/contracts';
import { unauthorized } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { AccessTokenInput, TokenService } from '../../ports';

/** Signs and verifies access tokens with the installation's secret. */
export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(input: AccessTokenInput): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const { organizationId, roleName, role, sv, sid } = input;
      return new SignJWT({ organizationId, roleName, role, sv, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(input.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** A short-lived signed value carried through an external redirect (OAuth `state`). */
    async signState(data: Record<string, string>, ttlSeconds = 600): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ ...data, typ: 'state' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    async verifyState(token: string): Promise<Record<string, unknown>> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        if (payload.typ !== 'state') throw new Error('not a state token');
        return payload;
      } catch {
        throw unauthorized('auth.invalid_state');
      }
    },
    async verifyAccess(token: string): Promise<AccessTokenClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        return AccessTokenClaimsSchema.parse(payload);
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized('auth.token_expired');
        throw unauthorized('auth.unauthenticated');
      }
    },
  };
}

/** A new opaque token (refresh, reset, invitation) and the hash that is stored instead of it. */
export function newOpaqueToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** SHA-256 of an opaque token: what the database keeps. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
