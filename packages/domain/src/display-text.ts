// Names and file names come from customers, providers and users, and are shown to agents. Invisible
// characters can disguise them: a right-to-left override makes "invoice\u202Egnp.exe" read "invoiceexe.png".
// Those characters are shown by their code point instead (an agent sees that something is hidden there), and
// the web app isolates each name from the text around it (<bdi>), so no name reorders its neighbours.

/**
 * Bidirectional embeddings, overrides, isolates and marks; C0 and C1 controls (tab, line feed and carriage
 * return included: a name is one line); invisible operators, the byte-order mark and interlinear annotation.
 * Zero-width (non-)joiners and spaces stay: emoji sequences and Thai line breaking use them.
 */
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/;

export type DisplaySegment = { text: string } | { control: string };

/** `U+202E` for a character, as shown in place of an invisible one. */
function codePointOf(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The text in runs of plain text and invisible characters (each named by its code point). */
export function displaySegments(text: string): DisplaySegment[] {
  const segments: DisplaySegment[] = [];
  let plain = '';
  for (const char of text) {
    if (INVISIBLE.test(char)) {
      if (plain) segments.push({ text: plain });
      plain = '';
      segments.push({ control: codePointOf(char) });
    } else plain += char;
  }
  if (plain) segments.push({ text: plain });
  return segments;
}

/** The text with every invisible character written as [U+XXXX], for places that take a plain string. */
export function visibleText(text: string): string {
  return displaySegments(text)
    .map((s) => ('control' in s ? `[${s.control}]` : s.text))
    .join('');
}

/** The text without its invisible characters (a file name to save under). */
export function withoutInvisible(text: string): string {
  return displaySegments(text)
    .map((s) => ('control' in s ? '' : s.text))
    .join('');
}
