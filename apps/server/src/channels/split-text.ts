// Long replies are split into parts that fit the provider's text limit (docs/channels.md "Limits"), measured
// in the provider's own units. Cuts prefer a line break or space in the last half of a part; Thai has no
// spaces between words, so otherwise the cut falls between two characters (never inside a surrogate pair).

/** Splits `text` into parts of at most `limit` units, where `unitsOf(char)` measures one code point. */
export function splitText(text: string, limit: number, unitsOf: (char: string) => number): string[] {
  const chars = Array.from(text);
  const parts: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let used = 0;
    let end = start;
    while (end < chars.length && used + unitsOf(chars[end]!) <= limit) used += unitsOf(chars[end++]!);
    if (end < chars.length) {
      const breakAt = lastBreak(chars, start, end);
      if (breakAt > start + (end - start) / 2) end = breakAt + 1;
    }
    const part = chars.slice(start, end).join('').trim();
    if (part) parts.push(part);
    start = end;
  }
  return parts;
}

function lastBreak(chars: string[], start: number, end: number) {
  for (let i = end - 1; i > start; i--) if (chars[i] === '\n' || chars[i] === ' ') return i;
  return -1;
}

/** LINE counts UTF-16 code units. */
export const utf16Units = (char: string) => char.length;
/** Messenger counts characters. */
export const characters = () => 1;
/** Instagram counts UTF-8 bytes. */
export const utf8Bytes = (char: string) => Buffer.byteLength(char, 'utf8');
