// Relevance of an article to a query, in Thai and English, on PGlite and PostgreSQL alike. Thai has no spaces
// between words, so the query is cut into words by the runtime's dictionary (Intl.Segmenter, ICU); Thai words
// are then found as substrings of the article (any database locale), English ones by their stem in the
// article's `search_vector` (full-text search, "returns" finds "return"). pg_trgm's word similarity adds
// typo tolerance; its word splitting follows the database's LC_CTYPE, Thai letters count as letters under
// C.UTF-8 or a UTF-8 locale but not under plain C, which is why it is never the only Thai signal.
import { sql, type SQL } from 'drizzle-orm';
import { kbArticles } from '../../db/schema';
import type { Executor } from '../../platform/db';

/** Words that carry no meaning on their own (English function words, Thai particles and question words). */
const STOP_WORDS = new Set([
  // Thai: politeness particles, question words, the commonest function words.
  'ค่ะ',
  'คะ',
  'ครับ',
  'คับ',
  'นะ',
  'จ้า',
  'จ้ะ',
  'ค่า',
  'ไหม',
  'มั้ย',
  'หรือ',
  'ยังไง',
  'อย่างไร',
  'อะไร',
  'ที่',
  'และ',
  'ของ',
  'การ',
  'ได้',
  'ไม่',
  'มี',
  'เป็น',
  'จะ',
  'ก็',
  'ให้',
  'กับ',
  'ใน',
  'แล้ว',
  'ว่า',
  'นี้',
  'หน่อย',
  'ด้วย',
  'เลย',
  'บ้าง',
  'ๆ',
  'คือ',
  'อยาก',
  'ทราบ',
  'สอบถาม',
  'ขอ',
  // English: the words a question wraps around its subject.
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'for',
  'is',
  'are',
  'was',
  'be',
  'do',
  'does',
  'i',
  'you',
  'my',
  'your',
  'me',
  'we',
  'it',
  'can',
  'how',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'with',
  'please',
  'hi',
  'hello',
  'there',
  'this',
  'that',
  'at',
  'by',
  'from',
  'about',
  'any',
  'have',
  'has',
]);
const LATIN = /^[\p{Script=Latin}\p{N}]+$/u;
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

export type QueryWords = { text: string; latin: string[]; other: string[] };

/** The query as searched: its normalised text and its content words, English apart from the others. */
export function queryWords(query: string): QueryWords {
  const text = query.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  const latin = new Set<string>();
  const other = new Set<string>();
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    // A segment may still join letters and signs ("covid-19", "e-mail"): its letter and digit runs count.
    for (const word of s.segment.split(/[^\p{L}\p{M}\p{N}]+/u)) {
      if (!word || STOP_WORDS.has(word)) continue;
      (LATIN.test(word) ? latin : other).add(word);
    }
  }
  return { text, latin: [...latin].slice(0, 16), other: [...other].slice(0, 16) };
}

/** The stems PostgreSQL's English dictionary gives the words (its stop words give none). */
async function stemsOf(ex: Executor, words: string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const rows = await ex
    .select({ stem: sql<string>`s.stem` })
    .from(
      sql`unnest(${sql.param(words)}::text[]) as w(word), unnest(ts_lexize('english_stem', w.word)) as s(stem)`,
    );
  return [...new Set(rows.map((r) => r.stem).filter((s) => s.length > 0))];
}

const quoted = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const regexEscape = (s: string) => s.replace(/[.^$*+?()[\]{}|\\]/g, (c) => `\\${c}`);

export type Relevance = { score: SQL<number>; matches: SQL };

/**
 * The score of each article for the query (an SQL expression in [0, 1]) and the condition an article must
 * meet to be scored at all (served by the GIN indexes). The score is the best of three signals:
 * - the whole query found in the title (1) or the body (0.9), for a query with at least one content word;
 * - coverage: the share of the query's content words found, each 1 in the title, 0.8 only in the body;
 * - similarity: 0.8 × the square of pg_trgm's word similarity (title, or 0.9 × body's), so that only a
 *   close spelling counts much (0.5 similar gives 0.2, 0.9 gives 0.65).
 * It therefore reads the same across queries: 1 all of the query is in the title, about 0.5 half of its
 * words are found, below 0.3 nothing but a stray word or a loose resemblance.
 */
export async function relevance(ex: Executor, query: string): Promise<Relevance | null> {
  const words = queryWords(query);
  if (!words.text) return null;
  const stems = await stemsOf(ex, words.latin);
  const count = stems.length + words.other.length;
  const title = sql`lower(${kbArticles.title})`;
  const body = sql`lower(${kbArticles.body})`;
  const vector = kbArticles.searchVector;

  const latinOnly = words.other.length === 0 && LATIN.test(words.text.replace(/[\s\p{P}]/gu, ''));
  const phraseIn = (column: SQL) =>
    latinOnly
      ? sql`${column} ~ ${`\\m${regexEscape(words.text)}\\M`}`
      : sql`strpos(${column}, ${words.text}) > 0`;
  const phrase =
    count > 0
      ? sql`case when ${phraseIn(title)} then 1.0 when ${phraseIn(body)} then 0.9 else 0 end`
      : sql`0`;

  const stemHits =
    stems.length > 0
      ? sql`(select coalesce(sum(case when ${vector} @@ (quote_literal(s) || ':A')::tsquery then 1.0 when ${vector} @@ quote_literal(s)::tsquery then 0.8 else 0 end), 0) from unnest(${sql.param(stems)}::text[]) as s)`
      : sql`0`;
  const wordHits =
    words.other.length > 0
      ? sql`(select coalesce(sum(case when strpos(${title}, w) > 0 then 1.0 when strpos(${body}, w) > 0 then 0.8 else 0 end), 0) from unnest(${sql.param(words.other)}::text[]) as w)`
      : sql`0`;
  const coverage = count > 0 ? sql`((${stemHits}) + (${wordHits})) / ${count}::float8` : sql`0`;
  const similarity = sql`0.8 * power(greatest(word_similarity(${words.text}, ${title}), 0.9 * word_similarity(${words.text}, ${body})), 2)`;
  const score = sql<number>`round(least(1.0, greatest(${phrase}, ${coverage}, ${similarity}))::numeric, 3)::float8`;

  const patterns = [...words.other, ...(latinOnly ? [] : [words.text])].map(likePattern);
  const tsquery = stems.map(quoted).join(' | ');
  const matches = sql`(${sql.join(
    [
      ...(stems.length > 0 ? [sql`${vector} @@ ${tsquery}::tsquery`] : []),
      ...(patterns.length > 0
        ? [
            sql`${title} like any(${sql.param(patterns)}::text[])`,
            sql`${body} like any(${sql.param(patterns)}::text[])`,
          ]
        : []),
      sql`${words.text} <% ${title}`,
      sql`${words.text} <% ${body}`,
    ],
    sql` or `,
  )})`;
  return { score, matches };
}
