// Keywords in comments (issue 17 item 5): comment rules and live-commerce order lists ("CF") look for them.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normalise = (s: string) => s.normalize('NFC').toLocaleLowerCase('en');

/**
 * The first keyword the text holds, or null. Case does not matter. A keyword in Latin letters must stand
 * alone among Latin letters ("CF" matches "cf", "CF2", "สนใจ CF" but not "CFO"); a Thai keyword matches
 * anywhere, since Thai is written without spaces between words ("สนใจค่ะ" holds "สนใจ").
 */
export function findKeyword(text: string | null | undefined, keywords: readonly string[]): string | null {
  if (!text) return null;
  const haystack = normalise(text);
  for (const keyword of keywords) {
    const needle = normalise(keyword.trim());
    if (!needle) continue;
    const matches = /[a-z]/.test(needle)
      ? new RegExp(`(?<![a-z])${escape(needle)}(?![a-z])`, 'u').test(haystack)
      : haystack.includes(needle);
    if (matches) return keyword;
  }
  return null;
}
