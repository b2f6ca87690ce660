import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './markdown-blocks';

describe('markdownBlocks', () => {
  it('reads headings, lists, paragraphs and bold runs as text', () => {
    expect(markdownBlocks('# คืนสินค้า\nภายใน **7 วัน**\nต่อ\n\n- one\n- two\n1. first\n<b>x</b>')).toEqual([
      { kind: 'heading', level: 1, inline: [{ text: 'คืนสินค้า', bold: false }] },
      {
        kind: 'paragraph',
        lines: [
          [
            { text: 'ภายใน ', bold: false },
            { text: '7 วัน', bold: true },
          ],
          [{ text: 'ต่อ', bold: false }],
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[{ text: 'one', bold: false }], [{ text: 'two', bold: false }]],
      },
      { kind: 'list', ordered: true, items: [[{ text: 'first', bold: false }]] },
      { kind: 'paragraph', lines: [[{ text: '<b>x</b>', bold: false }]] },
    ]);
  });
});
