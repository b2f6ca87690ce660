import { z } from 'zod';

// The administration audit trail: who changed which setting, when, from where, with each
// field's value before and after (secrets masked); sign-ins, exports and personal-data actions too.
// Entries are written by the server only, never edited or deleted through the API; they are kept for the
// organisation's retention period.

export const AUDIT_AREAS = [
  'session',
  'channel',
  'comment_rules',
  'csat',
  'sla',
  'automation',
  'macro',
  'team',
  'user',
  'role',
  'auto_assignment',
  'canned_response',
  'tag',
  'organization',
  'time_off',
  'contact',
  'export',
  'audit',
  'api_token',
  'webhook',
  'knowledge_base',
  'ai',
  'first_responder',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_in_failed',
  'activate',
  'deactivate',
  'hand_over',
  'invite',
  'remove_member',
  'approve',
  'decline',
  'merge',
  'erase',
  'export',
  'revoke',
  'rotate_secret',
  'resend',
  'import',
  'test_connection',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Shown instead of a secret's value (a token, a channel secret, a password). */
export const MASKED_VALUE = '••••••';

/** One field's value before and after the change (null when it did not exist). */
export const AuditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  /** The caller's address as the server saw it (behind a trusted proxy, the forwarded one). */
  ip: z.string().nullable(),
  area: z.enum(AUDIT_AREAS),
  action: z.enum(AUDIT_ACTIONS),
  /** What was changed: its id and name as they were (null for an export of a list). */
  subject: z.object({ id: z.string().nullable(), label: z.string().nullable() }),
  /** `ok`, or the error code the change was refused with (a failed sign-in, a forbidden or invalid change). */
  outcome: z.string(),
  changes: z.array(AuditChangeSchema),
  /** The API call, for instance `PUT /tags/:id`. */
  route: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  /** The person who acted. */
  actorId: z.uuid().optional(),
  area: z.enum(AUDIT_AREAS).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Words in the subject's name or the actor's name or email. */
  search: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditExportQuerySchema = AuditQuerySchema.omit({ cursor: true, limit: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** The language of the file's headings and labels. */
  lang: z.enum(['en', 'th']).default('en'),
});
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

export const AUDIT_RETENTION_DEFAULT_DAYS = 730;
export const AuditSettingsSchema = z.object({
  /** Entries older than this are deleted once a day (default 2 years; 90 days to 10 years). */
  retentionDays: z.number().int().min(90).max(3650),
});
export type AuditSettings = z.infer<typeof AuditSettingsSchema>;
