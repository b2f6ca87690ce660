import { z } from 'zod';
import { PermissionMatrixSchema } from './roles';

// API tokens: an organisation's integrations call the same /api/v1 routes with
// `Authorization: Bearer sabai_…`, scoped by the token's permissions (the roles' matrix).

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to recognise it (the rest is never shown again). */
  prefix: z.string(),
  permissions: PermissionMatrixSchema,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Null: never expires. */
  expiresAt: z.string().nullable(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const ApiTokenListSchema = z.array(ApiTokenSchema);

export const CreateApiTokenSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** resource → action → scope, as a role's; checked against what the creator's role allows. */
  permissions: z.record(z.string(), z.record(z.string(), z.string())),
  /** Null: never expires; otherwise an instant in the future. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CreateApiToken = z.infer<typeof CreateApiTokenSchema>;

/** The answer to a creation: the only time the whole token is sent. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  /** `sabai_…`: shown once; only its SHA-256 is stored. */
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
