import { describe, expect, it } from 'vitest';
import { csvLines } from './csv';

describe('csvLines', () => {
  it('starts a file with a BOM and ends every line with CRLF', () => {
    expect(
      csvLines(
        [
          ['ชื่อ', 'Total'],
          ['a', 1.5],
        ],
        { bom: true },
      ),
    ).toBe('\uFEFFชื่อ,Total\r\na,1.5\r\n');
    expect(csvLines([['a']])).toBe('a\r\n');
  });

  it('quotes separators, quotes and line breaks, a lone CR included', () => {
    expect(csvLines([['a,b', 'say "hi"', 'two\nlines', 'cr\ronly', '']])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\ronly",\r\n',
    );
  });

  it('neutralises text that a spreadsheet would run as a formula, but not numbers', () => {
    const cells = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', 'ok = fine'];
    expect(csvLines([cells])).toBe(`'=1+1,'+SUM(A1),'-2+3,'@cmd,'\tx,"'\rx",ok = fine\r\n`);
    expect(csvLines([[-5, 0]])).toBe('-5,0\r\n');
  });
});
