import { z } from 'zod';
import { listQuerySchema, pageSchema } from './lists';

// The knowledge base: help articles an organisation's admins write, which agents search
// from the composer and the AI features retrieve to ground their answers. Thai or English, markdown,
// published or draft, tagged with the organisation's tags.

export const KB_LANGUAGES = ['th', 'en'] as const;
export type KbLanguage = (typeof KB_LANGUAGES)[number];
export const KB_STATUSES = ['published', 'draft'] as const;
export type KbStatus = (typeof KB_STATUSES)[number];

export const KB_TITLE_MAX = 200;
export const KB_BODY_MAX = 20_000;
/** Articles an organisation may keep (docs/decisions/ai.md "Knowledge base"). */
export const KB_ARTICLES_MAX = 2_000;
/** The largest CSV file an import takes, and the most rows in it. */
export const KB_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const KB_IMPORT_MAX_ROWS = 500;
/** The columns of an import file, in any order, named in its header row. */
export const KB_IMPORT_COLUMNS = ['title', 'body', 'language', 'tags', 'status'] as const;

export const SaveKbArticleSchema = z.object({
  title: z.string().trim().min(1).max(KB_TITLE_MAX),
  body: z.string().trim().min(1).max(KB_BODY_MAX),
  language: z.enum(KB_LANGUAGES),
  status: z.enum(KB_STATUSES),
  /** The organisation's tags (ids); an unknown one answers `kb.tag_not_found`. */
  tagIds: z.array(z.uuid()).max(20).default([]),
});
export type SaveKbArticle = z.infer<typeof SaveKbArticleSchema>;

const Editor = z.object({ id: z.string(), displayName: z.string() }).nullable();

export const KbArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  language: z.enum(KB_LANGUAGES),
  status: z.enum(KB_STATUSES),
  tags: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })),
  createdBy: Editor,
  updatedBy: Editor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KbArticle = z.infer<typeof KbArticleSchema>;

export const KB_ARTICLE_SORTS = ['updatedAt', 'title'] as const;
/** The settings list: words (ranked best first when given), language, status and tag filters. */
export const KbArticleListQuerySchema = listQuerySchema(KB_ARTICLE_SORTS).extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  language: z.enum(KB_LANGUAGES).optional(),
  status: z.enum(KB_STATUSES).optional(),
  tagId: z.uuid().optional(),
});
export type KbArticleListQuery = z.infer<typeof KbArticleListQuerySchema>;
export const KbArticlePageSchema = pageSchema(KbArticleSchema);

/** The composer's search: published articles only, best first. */
export const KbSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(200),
  language: z.enum(KB_LANGUAGES).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const KbSearchHitSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  language: z.enum(KB_LANGUAGES),
  tags: z.array(z.string()),
  /** Relevance in [0, 1], comparable across queries (docs/decisions/ai.md "Knowledge base"). */
  score: z.number(),
});
export type KbSearchHit = z.infer<typeof KbSearchHitSchema>;
export const KbSearchResultSchema = z.object({ items: z.array(KbSearchHitSchema) });

/** Why an import row was refused: an error code the catalogues translate. */
export const KB_IMPORT_ROW_CODES = [
  'kb.import.title_invalid',
  'kb.import.body_invalid',
  'kb.import.language_invalid',
  'kb.import.status_invalid',
  'kb.import.tag_unknown',
  'kb.import.too_many_articles',
] as const;

export const KbImportResultSchema = z.object({
  /** A preview: nothing was stored. */
  dryRun: z.boolean(),
  /** Rows that became articles (or would, in a preview): the file's line number and the title. */
  created: z.array(z.object({ line: z.number().int(), id: z.number().int().nullable(), title: z.string() })),
  /** Rows refused, each with the file's line number and why. */
  rejected: z.array(
    z.object({ line: z.number().int(), title: z.string(), code: z.enum(KB_IMPORT_ROW_CODES) }),
  ),
});
export type KbImportResult = z.infer<typeof KbImportResultSchema>;
