// Storage of the satisfaction surveys: each channel's settings, the survey an issue sent and its answer.
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { channelCsatSettings, csatSurveys } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';

export type SettingsRow = typeof channelCsatSettings.$inferSelect;

export async function findSettings(ex: Executor, channelId: string): Promise<SettingsRow | null> {
  const [row] = await ex
    .select()
    .from(channelCsatSettings)
    .where(eq(channelCsatSettings.channelId, channelId));
  return row ?? null;
}

export async function saveSettings(ex: Executor, row: Omit<SettingsRow, 'updatedAt'>, at: Date) {
  const { channelId: _key, organizationId: _org, ...fields } = row;
  await ex
    .insert(channelCsatSettings)
    .values({ ...row, updatedAt: at })
    .onConflictDoUpdate({ target: channelCsatSettings.channelId, set: { ...fields, updatedAt: at } });
}

/** What deciding on a survey needs: the issue, its channel, the customer's reach and the channel's survey. */
export type SurveyContext = {
  organizationId: string;
  issueId: number;
  status: string;
  kind: string;
  channelId: string;
  channelType: 'line' | 'facebook' | 'instagram';
  channelActive: boolean;
  identityId: string;
  isFollowing: boolean | null;
  lastInboundAt: Date | null;
  teamId: string | null;
  agentUserId: string | null;
  settings: SettingsRow | null;
  /** The customer's latest texts in the issue, newest first (the survey's language). */
  customerTexts: string[];
};

export async function surveyContext(ex: Executor, issueId: number): Promise<SurveyContext | null> {
  const [row] = rowsOf<{
    organization_id: string;
    status: string;
    kind: string;
    channel_id: string;
    channel_type: SurveyContext['channelType'];
    channel_active: boolean;
    identity_id: string;
    is_following: boolean | null;
    last_inbound_at: Date | string | null;
    team_id: string | null;
    assignee_user_id: string | null;
    texts: string[] | null;
  }>(
    await ex.execute(sql`
      SELECT i.organization_id, i.status, i.kind, i.channel_id, c.type AS channel_type,
        (c.is_active AND c.deleted_at IS NULL) AS channel_active, i.contact_identity_id AS identity_id,
        ci.is_following, ci.last_inbound_at, i.team_id, i.assignee_user_id,
        (SELECT array_agg(m.text) FROM (SELECT text FROM messages
           WHERE issue_id = i.id AND direction = 'inbound' AND text IS NOT NULL ORDER BY id DESC LIMIT 5) m) AS texts
      FROM issues i
      JOIN channels c ON c.id = i.channel_id
      JOIN contact_identities ci ON ci.id = i.contact_identity_id
      WHERE i.id = ${issueId}`),
  );
  if (!row) return null;
  return {
    organizationId: row.organization_id,
    issueId,
    status: row.status,
    kind: row.kind,
    channelId: row.channel_id,
    channelType: row.channel_type,
    channelActive: row.channel_active,
    identityId: row.identity_id,
    isFollowing: row.is_following,
    lastInboundAt: row.last_inbound_at === null ? null : new Date(row.last_inbound_at),
    teamId: row.team_id,
    agentUserId: row.assignee_user_id,
    settings: await findSettings(ex, row.channel_id),
    customerTexts: row.texts ?? [],
  };
}

export type NewSurvey = Omit<typeof csatSurveys.$inferInsert, 'id'>;

/** Records the issue's survey; null when it already has one (at most one per issue). */
export async function insertSurvey(ex: Executor, survey: NewSurvey): Promise<number | null> {
  const [row] = await ex
    .insert(csatSurveys)
    .values(survey)
    .onConflictDoNothing({ target: csatSurveys.issueId })
    .returning({ id: csatSurveys.id });
  return row?.id ?? null;
}

export async function setSurveyMessage(ex: Executor, surveyId: number, messageId: number) {
  await ex.update(csatSurveys).set({ messageId }).where(eq(csatSurveys.id, surveyId));
}

export type Survey = typeof csatSurveys.$inferSelect;

/**
 * The surveys a batch of customer messages may answer: those whose question offered the tapped buttons, and
 * those of the customers still invited to comment. Locked: answers to one survey apply one after another.
 */
export async function findAnswerable(ex: Executor, messageIds: number[], identityIds: string[]) {
  if (messageIds.length === 0 && identityIds.length === 0) return [];
  return ex
    .select()
    .from(csatSurveys)
    .where(
      or(
        messageIds.length ? inArray(csatSurveys.messageId, messageIds) : sql`false`,
        identityIds.length
          ? and(inArray(csatSurveys.identityId, identityIds), isNotNull(csatSurveys.commentUntil))
          : sql`false`,
      ),
    )
    .for('update');
}

/** The first rating counts; resolves to whether this one was recorded. */
export async function recordRating(
  ex: Executor,
  surveyId: number,
  v: { rating: number; at: Date; commentUntil: Date },
) {
  const rows = await ex
    .update(csatSurveys)
    .set({ rating: v.rating, ratedAt: v.at, commentUntil: v.commentUntil })
    .where(and(eq(csatSurveys.id, surveyId), isNull(csatSurveys.rating)))
    .returning({ id: csatSurveys.id });
  return rows.length > 0;
}

/** The comment that follows a rating; the invitation ends with it. */
export async function recordComment(ex: Executor, surveyId: number, comment: string) {
  await ex
    .update(csatSurveys)
    .set({ comment, commentUntil: null })
    .where(and(eq(csatSurveys.id, surveyId), isNull(csatSurveys.comment)));
}
