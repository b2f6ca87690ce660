import { z } from 'zod';
import { PASSWORD_MAX } from '@sabai/domain';

// Passwords are length-capped here only against abuse; the password rules (packages/domain validatePassword)
// are checked by the service so every problem is reported with its own code.
const Password = z.string().min(1).max(200);

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254).describe('Email address or username'),
  password: Password,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  profilePath: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const TokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export const LogoutDeviceRequestSchema = z.object({ deviceToken: z.string().min(1).max(4096) });

export const ForgotPasswordRequestSchema = z.object({
  email: z.email().max(254),
  lang: z.enum(['en', 'th']).optional(),
});
export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX * 4),
});

/** Claims of the access token. */
export const AccessTokenClaimsSchema = z.object({
  sub: z.string(),
  organizationId: z.string(),
  roleName: z.enum(['SuperAdmin', 'Admin', 'Manager', 'Staff']),
  role: z.array(z.object({ menu: z.string(), subdetail: z.string() })),
  exp: z.number(),
  iat: z.number(),
  /** Our addition to the published claims: the user's session version when signed; an older one is refused (auth.token_revoked). */
  sv: z.number().int().optional(),
  /** Our addition to the published claims: the session (refresh token family) the token belongs to. */
  sid: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;
