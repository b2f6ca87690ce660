// Clickable links in chat text: http, https, ftp and file addresses become links opening in a
// new tab. A small scanner instead of a general linkifier: these four schemes are all chat links need.

export type TextPart = { text: string; href?: string };

const LINK = /\b(?:https?|ftp):\/\/[^\s<>"']+|\bfile:\/\/\/?[^\s<>"']+/gi;
// Punctuation that usually ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits text into plain parts and link parts, in order; joining every part's text gives the input back. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
