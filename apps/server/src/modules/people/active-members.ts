// Who counts as an active member of an organisation: a membership there whose account is not deactivated
// (removing a member deletes the membership; an account left with no organisation is deactivated as well).
import { and, eq, type SQL } from 'drizzle-orm';
import { memberships, users } from '../../db/schema';

/** Joins a membership's user: `.from(memberships).innerJoin(users, membershipUser)`. */
export const membershipUser: SQL = eq(users.id, memberships.userId);

/** Over `memberships` joined to `users` (membershipUser): in the organisation, and the account active. */
export const activeMemberOf = (organizationId: string): SQL =>
  and(eq(memberships.organizationId, organizationId), eq(users.isActive, true))!;
