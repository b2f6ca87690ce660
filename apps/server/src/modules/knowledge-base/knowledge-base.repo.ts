// The only file of the knowledge base that touches the database. Every read and write names the organisation.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { KbArticleListQuery, KbLanguage } from '@sabai/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { kbArticles, kbArticleTags, tags, users } from '../../db/schema';
import { pageOf } from '../../db/list-helpers';
import type { Executor } from '../../platform/db';
import { relevance } from './knowledge-base.search';

export type ArticleValues = {
  title: string;
  body: string;
  language: KbLanguage;
  status: 'published' | 'draft';
};

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');
const editorColumns = (u: typeof creator | typeof updater) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  username: u.username,
});

const articleColumns = {
  id: kbArticles.id,
  title: kbArticles.title,
  body: kbArticles.body,
  language: kbArticles.language,
  status: kbArticles.status,
  createdAt: kbArticles.createdAt,
  updatedAt: kbArticles.updatedAt,
  createdBy: editorColumns(creator),
  updatedBy: editorColumns(updater),
};

const selectArticles = (ex: Executor) =>
  ex
    .select(articleColumns)
    .from(kbArticles)
    .leftJoin(creator, eq(creator.id, kbArticles.createdBy))
    .leftJoin(updater, eq(updater.id, kbArticles.updatedBy));

const filtersOf = (organizationId: string, q: Partial<KbArticleListQuery>): SQL | undefined =>
  and(
    eq(kbArticles.organizationId, organizationId),
    q.language ? eq(kbArticles.language, q.language) : undefined,
    q.status ? eq(kbArticles.status, q.status) : undefined,
    q.tagId
      ? sql`exists (select 1 from ${kbArticleTags} where ${kbArticleTags.articleId} = ${kbArticles.id} and ${kbArticleTags.tagId} = ${q.tagId})`
      : undefined,
  );

/** The settings list: with words, the matching articles best first; else by the chosen order. */
export async function listArticles(ex: Executor, organizationId: string, q: KbArticleListQuery) {
  const rank = q.search ? await relevance(ex, q.search) : null;
  const where = and(filtersOf(organizationId, q), rank?.matches);
  const dir = q.order === 'asc' ? asc : desc;
  const order = rank
    ? [desc(rank.score), desc(kbArticles.updatedAt), asc(kbArticles.id)]
    : q.sort === 'title'
      ? [dir(sql`lower(${kbArticles.title})`), asc(kbArticles.id)]
      : [dir(kbArticles.updatedAt), asc(kbArticles.id)];
  return pageOf(
    selectArticles(ex).where(where).$dynamic(),
    ex.select({ n: count() }).from(kbArticles).where(where),
    order,
    q,
  );
}
export type ArticleRow = Awaited<ReturnType<typeof listArticles>>['rows'][number];

export async function findArticle(ex: Executor, organizationId: string, id: number) {
  const [row] = await selectArticles(ex).where(
    and(eq(kbArticles.organizationId, organizationId), eq(kbArticles.id, id)),
  );
  return row ?? null;
}

/** Published (and, when asked, draft) articles matching the query, best first, with their score. */
export async function searchArticles(
  ex: Executor,
  organizationId: string,
  query: string,
  opts: { language?: KbLanguage | undefined; limit: number; includeDrafts: boolean },
) {
  const rank = await relevance(ex, query);
  if (!rank) return [];
  return ex
    .select({
      id: kbArticles.id,
      title: kbArticles.title,
      body: kbArticles.body,
      language: kbArticles.language,
      score: rank.score.mapWith(Number),
    })
    .from(kbArticles)
    .where(
      and(
        eq(kbArticles.organizationId, organizationId),
        opts.includeDrafts ? undefined : eq(kbArticles.status, 'published'),
        opts.language ? eq(kbArticles.language, opts.language) : undefined,
        rank.matches,
      ),
    )
    .orderBy(desc(rank.score), desc(kbArticles.updatedAt), asc(kbArticles.id))
    .limit(opts.limit);
}

export async function countArticles(ex: Executor, organizationId: string) {
  const [row] = await ex
    .select({ n: count() })
    .from(kbArticles)
    .where(eq(kbArticles.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

/** Serialises the article writes of one organisation (the count limit), until the transaction ends. */
export async function lockOrganizationArticles(ex: Executor, organizationId: string) {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kb:${organizationId}`}, 0))`);
}

export async function insertArticle(
  ex: Executor,
  v: ArticleValues & { organizationId: string; userId: string; now: Date },
) {
  const [row] = await ex
    .insert(kbArticles)
    .values({
      organizationId: v.organizationId,
      title: v.title,
      body: v.body,
      language: v.language,
      status: v.status,
      createdBy: v.userId,
      updatedBy: v.userId,
      createdAt: v.now,
      updatedAt: v.now,
    })
    .returning({ id: kbArticles.id });
  return row!.id;
}

export async function updateArticle(
  ex: Executor,
  organizationId: string,
  id: number,
  v: ArticleValues & { userId: string; now: Date },
) {
  await ex
    .update(kbArticles)
    .set({
      title: v.title,
      body: v.body,
      language: v.language,
      status: v.status,
      updatedBy: v.userId,
      updatedAt: v.now,
    })
    .where(and(eq(kbArticles.organizationId, organizationId), eq(kbArticles.id, id)));
}

export async function deleteArticle(ex: Executor, organizationId: string, id: number) {
  const rows = await ex
    .delete(kbArticles)
    .where(and(eq(kbArticles.organizationId, organizationId), eq(kbArticles.id, id)))
    .returning({ id: kbArticles.id });
  return rows.length > 0;
}

export async function replaceArticleTags(ex: Executor, articleId: number, tagIds: readonly string[]) {
  await ex.delete(kbArticleTags).where(eq(kbArticleTags.articleId, articleId));
  if (tagIds.length === 0) return;
  await ex.insert(kbArticleTags).values(tagIds.map((tagId) => ({ articleId, tagId })));
}

/** The organisation's tags (id, name, colour), all or those of `ids`. */
export async function organizationTags(ex: Executor, organizationId: string, ids?: readonly string[]) {
  if (ids && ids.length === 0) return [];
  return ex
    .select({ id: tags.id, name: tags.name, colour: tags.colour })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), ids ? inArray(tags.id, [...ids]) : undefined));
}

/** The tags of each article, by name. */
export async function tagsOfArticles(ex: Executor, articleIds: readonly number[]) {
  if (articleIds.length === 0) return [];
  return ex
    .select({ articleId: kbArticleTags.articleId, id: tags.id, name: tags.name, colour: tags.colour })
    .from(kbArticleTags)
    .innerJoin(tags, eq(tags.id, kbArticleTags.tagId))
    .where(inArray(kbArticleTags.articleId, [...articleIds]))
    .orderBy(sql`lower(${tags.name})`);
}
