// Keywords in comments: comment rules and live-commerce order lists ("CF") look for them.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normalise = (s: string) => s.normalize('NFC').toLocaleLowerCase('en');

type Matcher = { keyword: string; holds: (haystack: string) => boolean };

// Each keyword list's matchers, built once: the lists of comment and automation rules are held for a while
// and read for every message, and a regular expression is slow to build.
const matchersByList = new WeakMap<readonly string[], Matcher[]>();

function matchersOf(keywords: readonly string[]): Matcher[] {
  let matchers = matchersByList.get(keywords);
  if (matchers) return matchers;
  matchers = keywords.flatMap((keyword): Matcher[] => {
    const needle = normalise(keyword.trim());
    if (!needle) return [];
    if (!/[a-z]/.test(needle)) return [{ keyword, holds: (haystack) => haystack.includes(needle) }];
    const pattern = new RegExp(`(?<![a-z])${escape(needle)}(?![a-z])`, 'u');
    // The plain search first: most texts lack the keyword altogether, and it is many times faster.
    return [{ keyword, holds: (haystack) => haystack.includes(needle) && pattern.test(haystack) }];
  });
  matchersByList.set(keywords, matchers);
  return matchers;
}

// The last text searched, normalised: rules search one message for many lists in a row.
let last = { text: '', haystack: '' };
function normalised(text: string) {
  if (text !== last.text) last = { text, haystack: normalise(text) };
  return last.haystack;
}

/**
 * The first keyword the text holds, or null. Case does not matter. A keyword in Latin letters must stand
 * alone among Latin letters ("CF" matches "cf", "CF2", "สนใจ CF" but not "CFO"); a Thai keyword matches
 * anywhere, since Thai is written without spaces between words ("สนใจค่ะ" holds "สนใจ").
 */
export function findKeyword(text: string | null | undefined, keywords: readonly string[]): string | null {
  if (!text) return null;
  const haystack = normalised(text);
  return matchersOf(keywords).find((m) => m.holds(haystack))?.keyword ?? null;
}
