// What other modules may use of the knowledge base.
import type { Executor } from '../../platform/db';
import * as service from './knowledge-base.service';

/** Knowledge base routes (settings screen, CSV import, the composer's search). */
export { knowledgeBaseRoutes } from './knowledge-base.routes';

/**
 * The organisation's articles that match `query` (Thai or English, any mix), best first: for the AI features
 * to ground an answer. Published articles only unless `includeDrafts`; `language` keeps one language;
 * `limit` is 5 by default, at most 50; `withTags: false` leaves `tags` empty (one read less).
 *
 * `score` is the article's relevance in [0, 1], comparable across queries (knowledge-base.search.ts): the
 * best of the whole query found (1 in the title, 0.9 in the body), the share of the query's content words
 * found (each 1 in the title, 0.8 in the body; English by stem, Thai as written) and a squared trigram
 * similarity for misspellings (at most 0.8). Roughly: 1 the query is in the title, 0.5 half of its words are
 * found, under 0.3 a stray word or a loose resemblance only, so 0.3 is a sensible "nothing matches" line.
 * Articles with no signal at all are not returned.
 */
export function searchArticles(
  db: Executor,
  organizationId: string,
  query: string,
  options?: { language?: 'th' | 'en'; limit?: number; includeDrafts?: boolean; withTags?: boolean },
): Promise<
  Array<{ id: number; title: string; body: string; language: 'th' | 'en'; tags: string[]; score: number }>
> {
  return service.searchArticles(db, organizationId, query, options);
}
