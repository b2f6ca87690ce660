// The only file of the tags module that touches the database.
import { FINAL_STATUSES } from '@sabai/domain';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { issueTags, issues, tags, teams } from '../../db/schema';
import { idsInOrganization, ilikeAny, pageOf, orderTerms } from '../../db/list-helpers';
import { rowsOf, type Executor } from '../../platform/db';
import { eventNotification } from '../../platform/events';

const tagColumns = {
  id: tags.id,
  name: tags.name,
  colour: tags.colour,
  createdAt: tags.createdAt,
  team: { id: teams.id, name: teams.name },
  issueCount: sql<number>`(select count(*)::int from ${issueTags} where ${issueTags.tagId} = ${tags.id})`,
};

export async function listTags(
  ex: Executor,
  organizationId: string,
  q: {
    search?: string | undefined;
    teamId?: string | undefined;
    sort: 'name' | 'createdAt' | 'team' | 'issueCount';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    eq(tags.organizationId, organizationId),
    q.teamId ? eq(tags.teamId, q.teamId) : undefined,
    q.search ? ilikeAny(q.search, tags.name) : undefined,
  );
  const sorts: Record<typeof q.sort, SQL> = {
    name: sql`lower(${tags.name})`,
    createdAt: sql`${tags.createdAt}`,
    team: sql`lower(${teams.name})`,
    issueCount: sql`(select count(*) from ${issueTags} where ${issueTags.tagId} = ${tags.id})`,
  };
  return pageOf(
    ex.select(tagColumns).from(tags).leftJoin(teams, eq(teams.id, tags.teamId)).where(where).$dynamic(),
    ex.select({ n: count() }).from(tags).where(where),
    orderTerms(q.order, sorts[q.sort], tags.id),
    q,
  );
}
export type TagRow = Awaited<ReturnType<typeof listTags>>['rows'][number];

export async function findTag(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select(tagColumns)
    .from(tags)
    .leftJoin(teams, eq(teams.id, tags.teamId))
    .where(and(eq(tags.organizationId, organizationId), eq(tags.id, id)));
  return row ?? null;
}

/** Every tag of the organisation, for applying and filtering in the inbox. */
export async function tagOptions(ex: Executor, organizationId: string, teamId?: string) {
  return ex
    .select({ id: tags.id, name: tags.name, colour: tags.colour, teamId: tags.teamId })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), teamId ? eq(tags.teamId, teamId) : undefined))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function nameTaken(ex: Executor, organizationId: string, name: string, exceptId?: string) {
  const rows = await ex
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.organizationId, organizationId),
        sql`lower(${tags.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(tags.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function teamInOrganization(ex: Executor, organizationId: string, teamId: string) {
  return (await idsInOrganization(ex, teams, organizationId, [teamId])).length > 0;
}

export async function insertTag(ex: Executor, v: typeof tags.$inferInsert) {
  const [row] = await ex.insert(tags).values(v).returning({ id: tags.id });
  return row!.id;
}

export async function updateTag(
  ex: Executor,
  id: string,
  v: { name: string; colour: string; teamId: string },
) {
  await ex.update(tags).set(v).where(eq(tags.id, id));
}

export async function deleteTag(ex: Executor, id: string) {
  await ex.delete(tags).where(eq(tags.id, id));
}

/** Of `ids`, the organisation's tags, with their name and colour. */
export async function tagsInOrganization(ex: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return ex
    .select({ id: tags.id, name: tags.name, colour: tags.colour })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, ids)));
}

export async function tagsOfIssue(ex: Executor, issueId: number) {
  return ex
    .select({ id: tags.id, name: tags.name, colour: tags.colour, teamId: tags.teamId })
    .from(issueTags)
    .innerJoin(tags, eq(tags.id, issueTags.tagId))
    .where(eq(issueTags.issueId, issueId))
    .orderBy(asc(sql`lower(${tags.name})`));
}

/** Makes the issue's tags exactly `tagIds`. */
export async function setIssueTags(ex: Executor, issueId: number, tagIds: string[], now: Date) {
  await ex.delete(issueTags).where(eq(issueTags.issueId, issueId));
  if (tagIds.length) await ex.insert(issueTags).values(tagIds.map((tagId) => ({ issueId, tagId })));
  await ex.update(issues).set({ updatedAt: now }).where(eq(issues.id, issueId));
}

/** The organisation's tag with whether the issue carries it; null when it is not the organisation's. */
export async function tagOnIssue(ex: Executor, organizationId: string, tagId: string, issueId: number) {
  const [row] = await ex
    .select({
      id: tags.id,
      name: tags.name,
      colour: tags.colour,
      onIssue: sql<boolean>`exists (select 1 from ${issueTags} where ${issueTags.issueId} = ${issueId} and ${issueTags.tagId} = ${tags.id})`,
    })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), eq(tags.id, tagId)));
  return row ?? null;
}

export type IssueTagChange = {
  organizationId: string;
  issueId: number;
  tagId: string;
  add: boolean;
  actorUserId: string | null;
  /** Added to the trail line's data (which rule or macro made the change). */
  trace: Record<string, unknown>;
  now: Date;
};

/**
 * Adds or removes one tag of an open issue, with its trail line and live event, in one statement: automation
 * tags issues inside the ingest's batches, where each round trip counts. Says whether the issue was open and
 * the tag the organisation's; nothing changes otherwise, nor when the issue already has the tag as wanted.
 */
export async function setIssueTag(ex: Executor, change: IssueTagChange) {
  const { organizationId, issueId, tagId, add, now } = change;
  const write = add
    ? sql`INSERT INTO issue_tags (issue_id, tag_id) SELECT issue.id, tag.id FROM issue, tag
          ON CONFLICT DO NOTHING RETURNING tag_id`
    : sql`DELETE FROM issue_tags WHERE issue_id IN (SELECT id FROM issue) AND tag_id IN (SELECT id FROM tag)
          RETURNING tag_id`;
  const notification = eventNotification({
    name: 'issue.updated',
    organizationId,
    data: { issueId, fields: ['tags'] },
  });
  const [row] = rowsOf<{ open: boolean; tag_found: boolean }>(
    await ex.execute(sql`
      WITH issue AS (
        SELECT id FROM issues WHERE id = ${issueId} AND organization_id = ${organizationId}
          AND NOT (status = ANY(${sql.param([...FINAL_STATUSES])}::text[])) FOR UPDATE
      ), tag AS (
        SELECT id, name, colour FROM tags WHERE id = ${tagId} AND organization_id = ${organizationId}
      ), changed AS (${write}
      ), touched AS (
        UPDATE issues SET updated_at = ${now} WHERE id IN (SELECT id FROM issue) AND EXISTS (SELECT 1 FROM changed)
        RETURNING id
      ), line AS (
        INSERT INTO issue_activities (organization_id, issue_id, actor_user_id, kind, data, created_at)
        SELECT ${organizationId}, ${issueId}, ${change.actorUserId}, ${add ? 'tag_added' : 'tag_removed'},
          jsonb_build_object('tagId', tag.id, 'name', tag.name, 'colour', tag.colour) || ${JSON.stringify(change.trace)}::jsonb,
          ${now}
        FROM tag WHERE EXISTS (SELECT 1 FROM changed)
        RETURNING id
      )
      SELECT EXISTS (SELECT 1 FROM issue) AS open, EXISTS (SELECT 1 FROM tag) AS tag_found,
        (SELECT ${notification} FROM touched) IS NULL AS published`),
  );
  return { open: row!.open, tagFound: row!.tag_found };
}
