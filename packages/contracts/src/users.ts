import { z } from 'zod';
import { ROLE_NAMES } from '@sabai/domain';
import { listQuerySchema, pageSchema } from './lists';

// User management (/setting/user): the user fields' validations and the refusal messages.

const Name = z.string().trim().max(100);

export const USER_STATUSES = ['active', 'invited', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const InviteUserSchema = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  roleId: z.uuid(),
  teamIds: z.array(z.uuid()).max(50).default([]),
  firstName: Name.default(''),
  lastName: Name.default(''),
  /** Language of the invitation mail and of the set-password page. */
  lang: z.enum(['en', 'th']).default('en'),
});
export type InviteUser = z.infer<typeof InviteUserSchema>;

export const ResendInvitationSchema = z.object({ lang: z.enum(['en', 'th']).default('en') });

export const UpdateUserSchema = z.object({
  firstName: Name.min(1),
  lastName: Name.min(1),
  username: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[\p{L}\p{N}._-]+$/u, 'letters, digits, dot, dash and underscore only'),
  roleId: z.uuid(),
  /** The teams the user is a member of after the edit (new teams get the default shift). */
  teamIds: z.array(z.uuid()).max(50),
});
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

export const USER_SORTS = ['name', 'email', 'role', 'createdAt', 'lastLoginAt'] as const;
export const UserListQuerySchema = listQuerySchema(USER_SORTS).extend({
  roleId: z.uuid().optional(),
  status: z.enum(USER_STATUSES).optional(),
  teamId: z.uuid().optional(),
});

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  profilePath: z.string().nullable(),
  role: z.object({ id: z.string(), name: z.enum(ROLE_NAMES) }),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  /** invited: no password set yet; inactive: deactivated. */
  status: z.enum(USER_STATUSES),
  availability: z.enum(['online', 'offline']),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;
export const UserPageSchema = pageSchema(UserSchema);

/** A user's open issues per team (null: without a team): they are handed over before the user is deleted. */
export const UserOpenIssuesSchema = z.object({
  openIssues: z.number(),
  teams: z.array(
    z.object({ id: z.string().nullable(), name: z.string().nullable(), openIssues: z.number() }),
  ),
});
export type UserOpenIssues = z.infer<typeof UserOpenIssuesSchema>;

/** Hands a user's open issues to another agent, or (null) back to each issue's team queue. */
export const HandOverIssuesSchema = z.object({ toUserId: z.uuid().nullable() });
export type HandOverIssues = z.infer<typeof HandOverIssuesSchema>;
