// Storage of the AI first responder: each channel's settings, what it did on each issue, and the reads its
// job needs (the issue, its channel's hours, the conversation) and the report's counts.
import { eq, inArray, sql } from 'drizzle-orm';
import type { FirstResponderHandOverReason, FirstResponderWhen } from '@sabai/contracts';
import {
  channelFirstResponderSettings,
  channels,
  csatSurveys,
  issueFirstResponder,
  issues,
  messages,
  organizations,
} from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';

export type SettingsRow = typeof channelFirstResponderSettings.$inferSelect;
export type StateRow = typeof issueFirstResponder.$inferSelect;

export async function findSettings(ex: Executor, channelId: string): Promise<SettingsRow | null> {
  const [row] = await ex
    .select()
    .from(channelFirstResponderSettings)
    .where(eq(channelFirstResponderSettings.channelId, channelId));
  return row ?? null;
}

export async function saveSettings(ex: Executor, row: Omit<SettingsRow, 'updatedAt'>, at: Date) {
  const { channelId: _key, organizationId: _org, ...fields } = row;
  await ex
    .insert(channelFirstResponderSettings)
    .values({ ...row, updatedAt: at })
    .onConflictDoUpdate({
      target: channelFirstResponderSettings.channelId,
      set: { ...fields, updatedAt: at },
    });
}

/** The channels whose first responder is on (the ingest reads this, cached), with when it answers. */
export async function enabledChannels(ex: Executor) {
  const rows = await ex
    .select({
      channelId: channelFirstResponderSettings.channelId,
      when: channelFirstResponderSettings.when,
      unassignedMinutes: channelFirstResponderSettings.unassignedMinutes,
    })
    .from(channelFirstResponderSettings)
    .where(eq(channelFirstResponderSettings.enabled, true));
  return new Map<string, { when: FirstResponderWhen; unassignedMinutes: number }>(
    rows.map(({ channelId, ...r }) => [channelId, r]),
  );
}

/**
 * What a job decides on, for all its issues in one read, by issue id: each issue with its channel's hours
 * mode, its organisation's name and time zone, the channel's responder settings and what the responder did
 * on the issue (null while nothing). An issue gone is missing.
 */
export async function findJobContexts(ex: Executor, issueIds: number[]) {
  const rows = await ex
    .select({
      issue: {
        id: issues.id,
        organizationId: issues.organizationId,
        channelId: issues.channelId,
        contactIdentityId: issues.contactIdentityId,
        teamId: issues.teamId,
        assigneeUserId: issues.assigneeUserId,
        status: issues.status,
        businessHoursMode: channels.businessHoursMode,
        channelDeletedAt: channels.deletedAt,
      },
      organization: { name: organizations.name, timeZone: organizations.timeZone },
      settings: channelFirstResponderSettings,
      state: issueFirstResponder,
    })
    .from(issues)
    .innerJoin(channels, eq(channels.id, issues.channelId))
    .innerJoin(organizations, eq(organizations.id, issues.organizationId))
    .leftJoin(channelFirstResponderSettings, eq(channelFirstResponderSettings.channelId, issues.channelId))
    .leftJoin(issueFirstResponder, eq(issueFirstResponder.issueId, issues.id))
    .where(inArray(issues.id, issueIds));
  return new Map(rows.map((row) => [row.issue.id, row]));
}
export type JobContext = NonNullable<ReturnType<Awaited<ReturnType<typeof findJobContexts>>['get']>>;

/** The issue locked for the rest of the transaction, re-read (assignee, status). */
export async function lockIssue(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({ assigneeUserId: issues.assigneeUserId, status: issues.status, teamId: issues.teamId })
    .from(issues)
    .where(eq(issues.id, issueId))
    .for('update');
  return row ?? null;
}

type Message = typeof messages.$inferSelect;
export type RecentMessage = Pick<Message, 'id' | 'senderType' | 'kind' | 'text' | 'createdAt'>;

/** The issue's latest messages the customer saw or wrote (no private notes), newest first. */
export async function latestMessages(ex: Executor, issueId: number, limit: number) {
  return (await latestMessagesOf(ex, [issueId], limit)).get(issueId) ?? [];
}

/** Each issue's latest messages the customer saw or wrote (no private notes), newest first, in one statement. */
export async function latestMessagesOf(ex: Executor, issueIds: number[], limit: number) {
  const rows = rowsOf<{
    issue_id: string | number;
    id: string | number;
    sender_type: Message['senderType'];
    kind: string;
    text: string | null;
    created_at: string | Date;
  }>(
    await ex.execute(sql`
      SELECT m.issue_id, m.id, m.sender_type, m.kind, m.text, m.created_at
      FROM unnest(${sql.param(issueIds)}::bigint[]) AS i(id)
      CROSS JOIN LATERAL (
        SELECT issue_id, id, sender_type, kind, text, created_at FROM ${messages}
        WHERE issue_id = i.id AND NOT is_private_note ORDER BY id DESC LIMIT ${limit}
      ) m
      ORDER BY m.issue_id, m.id DESC`),
  );
  const byIssue = new Map<number, RecentMessage[]>();
  for (const row of rows) {
    const issueId = Number(row.issue_id);
    const list = byIssue.get(issueId) ?? [];
    list.push({
      id: Number(row.id),
      senderType: row.sender_type,
      kind: row.kind,
      text: row.text,
      createdAt: new Date(row.created_at),
    });
    byIssue.set(issueId, list);
  }
  return byIssue;
}

/** The issue's row, made if missing and locked: answers and hand-overs of one issue go one at a time. */
export async function lockState(
  ex: Executor,
  issue: { id: number; organizationId: string; channelId: string },
  at: Date,
): Promise<StateRow> {
  // An update of nothing on conflict locks the existing row and returns it, in one statement.
  const [row] = await ex
    .insert(issueFirstResponder)
    .values({
      issueId: issue.id,
      organizationId: issue.organizationId,
      channelId: issue.channelId,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: issueFirstResponder.issueId,
      set: { issueId: sql`${issueFirstResponder.issueId}` },
    })
    .returning();
  return row!;
}

export async function recordAnswer(ex: Executor, issueId: number, messageId: number, at: Date) {
  await ex
    .update(issueFirstResponder)
    .set({
      answers: sql`${issueFirstResponder.answers} + 1`,
      lastMessageId: messageId,
      firstAnsweredAt: sql`COALESCE(${issueFirstResponder.firstAnsweredAt}, ${at})`,
      updatedAt: at,
    })
    .where(eq(issueFirstResponder.issueId, issueId));
}

export async function recordHandOver(
  ex: Executor,
  issueId: number,
  messageId: number,
  reason: FirstResponderHandOverReason,
  at: Date,
) {
  await ex
    .update(issueFirstResponder)
    .set({ lastMessageId: messageId, handedOverAt: at, handOverReason: reason, updatedAt: at })
    .where(eq(issueFirstResponder.issueId, issueId));
}

/**
 * A period's figures, [from, to): issues first answered in it and their answers, hand-overs in it by reason,
 * and the surveys rated in it on issues the AI answered.
 */
export async function reportFigures(ex: Executor, organizationId: string, from: Date, to: Date) {
  const [answered] = rowsOf<{ issues: string | number; answers: string | number | null }>(
    await ex.execute(sql`
      SELECT count(*) AS issues, sum(answers) AS answers FROM ${issueFirstResponder}
      WHERE organization_id = ${organizationId} AND first_answered_at >= ${from} AND first_answered_at < ${to}`),
  );
  const handedOver = rowsOf<{ reason: FirstResponderHandOverReason; n: string | number }>(
    await ex.execute(sql`
      SELECT hand_over_reason AS reason, count(*) AS n FROM ${issueFirstResponder}
      WHERE organization_id = ${organizationId} AND handed_over_at >= ${from} AND handed_over_at < ${to}
      GROUP BY hand_over_reason`),
  );
  const [csat] = rowsOf<{ responses: string | number; satisfied: string | number }>(
    await ex.execute(sql`
      SELECT count(*) AS responses, count(*) FILTER (WHERE s.rating >= 4) AS satisfied
      FROM ${csatSurveys} s JOIN ${issueFirstResponder} f ON f.issue_id = s.issue_id AND f.answers > 0
      WHERE s.organization_id = ${organizationId} AND s.rated_at >= ${from} AND s.rated_at < ${to}`),
  );
  return {
    answeredIssues: Number(answered?.issues ?? 0),
    aiAnswers: Number(answered?.answers ?? 0),
    handedOver: handedOver.map((r) => ({ reason: r.reason, count: Number(r.n) })),
    csat: { responses: Number(csat?.responses ?? 0), satisfied: Number(csat?.satisfied ?? 0) },
  };
}
