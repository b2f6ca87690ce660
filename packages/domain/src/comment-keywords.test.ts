import { describe, expect, it } from 'vitest';
import { findKeyword } from './comment-keywords';

describe('findKeyword', () => {
  it('finds a Latin keyword standing alone among Latin letters, whatever its case', () => {
    expect(findKeyword('cf', ['CF'])).toBe('CF');
    expect(findKeyword('CF2 ค่ะ', ['CF'])).toBe('CF');
    expect(findKeyword('สนใจ CF สีแดง', ['CF'])).toBe('CF');
    expect(findKeyword('เอาค่ะcf', ['CF'])).toBe('CF');
    expect(findKeyword('our CFO says hi', ['CF'])).toBeNull();
    expect(findKeyword('scf', ['CF'])).toBeNull();
  });

  it('finds a Thai keyword anywhere, since Thai has no spaces between words', () => {
    expect(findKeyword('สนใจค่ะ', ['สนใจ'])).toBe('สนใจ');
    expect(findKeyword('ขอราคาหน่อย', ['CF', 'ราคา'])).toBe('ราคา');
    expect(findKeyword('สวยมาก', ['สนใจ', 'ราคา'])).toBeNull();
  });

  it('gives the first matching keyword and nothing for empty input', () => {
    expect(findKeyword('ราคา cf', ['CF', 'ราคา'])).toBe('CF');
    expect(findKeyword(null, ['CF'])).toBeNull();
    expect(findKeyword('cf', ['  '])).toBeNull();
  });
});
