// Removed members: messages, issues and reports keep pointing to a user after DELETE /users/{id},
// and show them as "Name (deleted)" in the organisation that removed them.
import { sql, type SQL } from 'drizzle-orm';
import { removedMembers } from '../../db/schema';

/** Whether `userId` was removed from `organizationId` (SQL, for a select list). */
export const wasRemovedSql = (organizationId: SQL | unknown, userId: SQL | unknown) =>
  sql<boolean>`exists (select 1 from ${removedMembers} rm where rm.organization_id = ${organizationId} and rm.user_id = ${userId})`;
