// The only file of agent assist that touches the database: what the model is shown of an issue.
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { cannedResponses, messages, organizations, tags, users } from '../../db/schema';
import type { Executor } from '../../platform/db';

/**
 * The latest messages of an issue and of the one it was transferred from (one conversation to whoever
 * takes it over), newest first; private notes stay inside the team.
 */
export function latestMessages(ex: Executor, issueIds: number[], limit: number) {
  return ex
    .select({ senderType: messages.senderType, kind: messages.kind, text: messages.text })
    .from(messages)
    .where(and(inArray(messages.issueId, issueIds), eq(messages.isPrivateNote, false)))
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** One message of an issue, for translating it. */
export async function messageOfIssue(ex: Executor, issueId: number, messageId: number) {
  const [row] = await ex
    .select({ text: messages.text, isPrivateNote: messages.isPrivateNote })
    .from(messages)
    .where(and(eq(messages.issueId, issueId), eq(messages.id, messageId)));
  return row ?? null;
}

/** The canned responses the caller may use: the organisation's shared ones and their own. */
export function usableCannedResponses(ex: Executor, organizationId: string, userId: string, limit: number) {
  return ex
    .select({ name: cannedResponses.name, message: cannedResponses.message })
    .from(cannedResponses)
    .where(
      and(
        eq(cannedResponses.organizationId, organizationId),
        or(isNull(cannedResponses.ownerUserId), eq(cannedResponses.ownerUserId, userId)),
      ),
    )
    .orderBy(desc(cannedResponses.createdAt))
    .limit(limit);
}

/** The organisation's tags (the inbox applies any of them to any issue), at most `limit`. */
export function tagsOfOrganization(ex: Executor, organizationId: string, limit: number) {
  return ex
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.organizationId, organizationId))
    .orderBy(asc(tags.name))
    .limit(limit);
}

/** The agent's Thai politeness particle (profile), null when not chosen. */
export async function politeParticleOf(ex: Executor, userId: string) {
  const [row] = await ex.select({ particle: users.politeParticle }).from(users).where(eq(users.id, userId));
  return row?.particle ?? null;
}

export async function organizationName(ex: Executor, organizationId: string) {
  const [row] = await ex
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}
