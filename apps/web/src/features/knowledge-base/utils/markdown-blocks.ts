// The little markdown an article's preview shows (headings, bullet and numbered lists, paragraphs, **bold**),
// read into blocks that React renders as text: nothing of the article ever becomes HTML.

export type Inline = { text: string; bold: boolean };
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; inline: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'paragraph'; lines: Inline[][] };

/** `**bold**` runs of a line. */
export function inlineOf(line: string): Inline[] {
  return line
    .split(/(\*\*[^*]+\*\*)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4
        ? { text: part.slice(2, -2), bold: true }
        : { text: part, bold: false },
    );
}

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const last = blocks.at(-1);
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      blocks.push({ kind: 'paragraph', lines: [] });
    } else if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, inline: inlineOf(heading[2]!) });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      const item = inlineOf((bullet ?? numbered)![1]!);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
    } else if (last?.kind === 'paragraph') {
      last.lines.push(inlineOf(line));
    } else {
      blocks.push({ kind: 'paragraph', lines: [inlineOf(line)] });
    }
  }
  return blocks.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}
