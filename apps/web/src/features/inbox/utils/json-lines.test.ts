import { describe, expect, it } from 'vitest';
import { readLines } from './json-lines';

describe('readLines', () => {
  it('joins lines and characters cut between pieces', () => {
    const lines: string[] = [];
    const reader = readLines((line) => lines.push(line));
    const bytes = new TextEncoder().encode('{"delta":"สวัสดี"}\n{"delta":"ค่ะ"}\n{"done":true}');
    // Cut inside a Thai letter (3 bytes each) and inside the second line.
    reader.push(bytes.slice(0, 13));
    reader.push(bytes.slice(13, 30));
    reader.push(bytes.slice(30));
    reader.end();
    expect(lines).toEqual(['{"delta":"สวัสดี"}', '{"delta":"ค่ะ"}', '{"done":true}']);
  });

  it('skips blank lines', () => {
    const lines: string[] = [];
    const reader = readLines((line) => lines.push(line));
    reader.push(new TextEncoder().encode('\n\n{"a":1}\n\n'));
    reader.end();
    expect(lines).toEqual(['{"a":1}']);
  });
});
