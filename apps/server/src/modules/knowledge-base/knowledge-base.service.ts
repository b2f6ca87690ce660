// Knowledge base articles: written by whoever holds the channel permission with scope
// all, searched (published only) by everyone who may view issues; imported from CSV row by row.
import {
  KB_ARTICLES_MAX,
  KB_BODY_MAX,
  KB_IMPORT_MAX_ROWS,
  KB_TITLE_MAX,
  type KbArticle,
  type KbArticleListQuery,
  type KbImportResult,
  type KbLanguage,
  type KbSearchHit,
  type Page,
  type SaveKbArticle,
} from '@sabai/contracts';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { CsvParseError, parseCsv } from '../../platform/csv';
import type { AuthContext } from '../../ports';
import { displayNameOf } from '../people';
import * as repo from './knowledge-base.repo';

const articleNotFound = () => notFound('kb.not_found', 'Article not found.');
const tooMany = () =>
  conflict('kb.too_many', `An organisation can have at most ${KB_ARTICLES_MAX} articles.`);

export async function listArticles(
  deps: Deps,
  auth: AuthContext,
  q: KbArticleListQuery,
): Promise<Page<KbArticle>> {
  const { rows, total } = await repo.listArticles(deps.db.orm, auth.organizationId, q);
  return { items: await present(deps.db.orm, rows), total, page: q.page, pageSize: q.pageSize };
}

export async function getArticle(deps: Deps, auth: AuthContext, id: number): Promise<KbArticle> {
  const row = await repo.findArticle(deps.db.orm, auth.organizationId, id);
  if (!row) throw articleNotFound();
  return (await present(deps.db.orm, [row]))[0]!;
}

export async function createArticle(deps: Deps, auth: AuthContext, input: SaveKbArticle): Promise<KbArticle> {
  const tagIds = await checkTags(deps.db.orm, auth.organizationId, input.tagIds);
  const id = await deps.db.orm.transaction(async (tx) => {
    await repo.lockOrganizationArticles(tx, auth.organizationId);
    if ((await repo.countArticles(tx, auth.organizationId)) >= KB_ARTICLES_MAX) throw tooMany();
    const articleId = await repo.insertArticle(tx, {
      ...valuesOf(input),
      organizationId: auth.organizationId,
      userId: auth.userId,
      now: deps.clock.now(),
    });
    await repo.replaceArticleTags(tx, articleId, tagIds);
    return articleId;
  });
  return getArticle(deps, auth, id);
}

export async function updateArticle(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: SaveKbArticle,
): Promise<KbArticle> {
  if (!(await repo.findArticle(deps.db.orm, auth.organizationId, id))) throw articleNotFound();
  const tagIds = await checkTags(deps.db.orm, auth.organizationId, input.tagIds);
  await deps.db.orm.transaction(async (tx) => {
    await repo.updateArticle(tx, auth.organizationId, id, {
      ...valuesOf(input),
      userId: auth.userId,
      now: deps.clock.now(),
    });
    await repo.replaceArticleTags(tx, id, tagIds);
  });
  return getArticle(deps, auth, id);
}

export async function deleteArticle(deps: Deps, auth: AuthContext, id: number) {
  if (!(await repo.deleteArticle(deps.db.orm, auth.organizationId, id))) throw articleNotFound();
}

/** The composer's search: published articles of the caller's organisation, best first. */
export async function searchPublished(
  deps: Deps,
  auth: AuthContext,
  q: { q: string; language?: KbLanguage | undefined; limit: number },
): Promise<{ items: KbSearchHit[] }> {
  return {
    items: await searchArticles(deps.db.orm, auth.organizationId, q.q, {
      ...(q.language ? { language: q.language } : {}),
      limit: q.limit,
    }),
  };
}

/** See index.ts: the search the AI features use. */
export async function searchArticles(
  db: Executor,
  organizationId: string,
  query: string,
  options: { language?: KbLanguage; limit?: number; includeDrafts?: boolean; withTags?: boolean } = {},
): Promise<KbSearchHit[]> {
  const limit = Math.max(1, Math.min(Math.trunc(options.limit ?? 5), 50));
  const rows = await repo.searchArticles(db, organizationId, query.slice(0, 1000), {
    language: options.language,
    limit,
    includeDrafts: options.includeDrafts ?? false,
  });
  // Tags are for people (the composer's search); a model reads titles and text (withTags: false).
  const tagRows =
    options.withTags === false
      ? []
      : await repo.tagsOfArticles(
          db,
          rows.map((r) => r.id),
        );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    language: r.language,
    tags: tagRows.filter((t) => t.articleId === r.id).map((t) => t.name),
    score: r.score,
  }));
}

// --- import -----------------------------------------------------------------------------------------------

const COLUMN_NAMES = ['title', 'body', 'language', 'tags', 'status'] as const;
type Column = (typeof COLUMN_NAMES)[number];
type ImportRow = { line: number; title: string; values?: repo.ArticleValues; tagIds: string[] };

/**
 * Reads a CSV file (UTF-8, header row naming title, body, language and optionally tags and status) and
 * creates an article of each valid row; the others are listed with their line and why. `dryRun` checks only.
 */
export async function importArticles(
  deps: Deps,
  auth: AuthContext,
  file: Buffer,
  dryRun: boolean,
): Promise<KbImportResult> {
  const rows = await readImportFile(deps.db.orm, auth.organizationId, file);
  const result: KbImportResult = { dryRun, created: [], rejected: [] };
  const run = async (ex: Executor) => {
    if (!dryRun) await repo.lockOrganizationArticles(ex, auth.organizationId);
    let room = KB_ARTICLES_MAX - (await repo.countArticles(ex, auth.organizationId));
    for (const row of rows) {
      if (!row.values) continue;
      if (room <= 0) {
        result.rejected.push({ line: row.line, title: row.title, code: 'kb.import.too_many_articles' });
        continue;
      }
      room--;
      let id: number | null = null;
      if (!dryRun) {
        id = await repo.insertArticle(ex, {
          ...row.values,
          organizationId: auth.organizationId,
          userId: auth.userId,
          now: deps.clock.now(),
        });
        await repo.replaceArticleTags(ex, id, row.tagIds);
      }
      result.created.push({ line: row.line, id, title: row.title });
    }
  };
  if (dryRun) await run(deps.db.orm);
  else await deps.db.orm.transaction(run);
  for (const row of rows) {
    if (row.values) continue;
    result.rejected.push({ line: row.line, title: row.title, code: row.code! });
  }
  result.rejected.sort((a, b) => a.line - b.line);
  return result;
}

async function readImportFile(
  ex: Executor,
  organizationId: string,
  file: Buffer,
): Promise<Array<ImportRow & { code?: KbImportResult['rejected'][number]['code'] }>> {
  let records;
  try {
    records = parseCsv(new TextDecoder('utf-8', { fatal: true }).decode(file));
  } catch (err) {
    if (err instanceof TypeError || err instanceof CsvParseError) {
      throw badRequest('kb.import.not_csv', 'The file is not UTF-8 CSV.');
    }
    throw err;
  }
  const [header, ...data] = records;
  const names = (header?.cells ?? []).map((c) => c.trim().toLowerCase());
  const at = Object.fromEntries(COLUMN_NAMES.map((c) => [c, names.indexOf(c)])) as Record<Column, number>;
  if (at.title < 0 || at.body < 0 || at.language < 0) {
    throw badRequest('kb.import.columns_missing', 'The header row needs title, body and language.');
  }
  if (data.length === 0) throw badRequest('kb.import.empty', 'The file has no articles.');
  if (data.length > KB_IMPORT_MAX_ROWS) {
    throw badRequest('kb.import.too_many_rows', `A file can hold at most ${KB_IMPORT_MAX_ROWS} articles.`);
  }
  const tagsByName = new Map(
    (await repo.organizationTags(ex, organizationId)).map((t) => [t.name.trim().toLowerCase(), t.id]),
  );
  return data.map(({ line, cells }) => {
    const cell = (c: Column) => (at[c] < 0 ? '' : (cells[at[c]] ?? '')).trim();
    const title = cell('title');
    const body = cell('body');
    const language = cell('language').toLowerCase();
    const status = cell('status').toLowerCase() || 'draft';
    const tagNames = cell('tags')
      .split(/[,;|]/)
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t !== '');
    const tagIds = [...new Set(tagNames.map((n) => tagsByName.get(n)))];
    const refuse = (code: KbImportResult['rejected'][number]['code']) => ({ line, title, tagIds: [], code });
    if (title.length === 0 || title.length > KB_TITLE_MAX) return refuse('kb.import.title_invalid');
    if (body.length === 0 || body.length > KB_BODY_MAX) return refuse('kb.import.body_invalid');
    if (language !== 'th' && language !== 'en') return refuse('kb.import.language_invalid');
    if (status !== 'published' && status !== 'draft') return refuse('kb.import.status_invalid');
    if (tagIds.some((id) => id === undefined)) return refuse('kb.import.tag_unknown');
    return { line, title, values: { title, body, language, status }, tagIds: tagIds as string[] };
  });
}

// --- helpers ----------------------------------------------------------------------------------------------

function valuesOf(input: SaveKbArticle): repo.ArticleValues {
  return { title: input.title, body: input.body, language: input.language, status: input.status };
}

/** The tag ids, each checked to be the organisation's. */
async function checkTags(ex: Executor, organizationId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if ((await repo.organizationTags(ex, organizationId, unique)).length !== unique.length) {
    throw badRequest('kb.tag_not_found', 'Tag not found.');
  }
  return unique;
}

async function present(ex: Executor, rows: repo.ArticleRow[]): Promise<KbArticle[]> {
  const tagRows = await repo.tagsOfArticles(
    ex,
    rows.map((r) => r.id),
  );
  const person = (p: repo.ArticleRow['createdBy']) =>
    p?.id ? { id: p.id, displayName: displayNameOf(p as Parameters<typeof displayNameOf>[0]) } : null;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    language: r.language,
    status: r.status,
    tags: tagRows
      .filter((t) => t.articleId === r.id)
      .map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
    createdBy: person(r.createdBy),
    updatedBy: person(r.updatedBy),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
