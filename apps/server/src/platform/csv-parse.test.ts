import { describe, expect, it } from 'vitest';
import { csvLines, CsvParseError, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads cells, quoted separators, doubled quotes and line breaks, with the line each record starts on', () => {
    const text = '\uFEFFtitle,body\r\n"a,b","say ""hi"""\r\n"two\nlines",x\n\nคืนสินค้า,ภายใน 7 วัน\rlast,';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['title', 'body'] },
      { line: 2, cells: ['a,b', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'x'] },
      { line: 6, cells: ['คืนสินค้า', 'ภายใน 7 วัน'] },
      { line: 7, cells: ['last', ''] },
    ]);
  });

  it('reads back what csvLines writes', () => {
    const rows = [
      ['ชื่อ', 'a,b', 'say "hi"', 'two\r\nlines', ''],
      ['x', '', '', '', 'y'],
    ];
    expect(parseCsv(csvLines(rows, { bom: true })).map((r) => r.cells)).toEqual(rows);
  });

  it('refuses a quoted cell that never ends', () => {
    expect(() => parseCsv('title\n"never ends')).toThrow(CsvParseError);
  });
});
