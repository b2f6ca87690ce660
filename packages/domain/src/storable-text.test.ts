import { describe, expect, it } from 'vitest';
import { hasUnstorableText, toStorableText } from './storable-text';

describe('storable text', () => {
  it('finds NULs and lone surrogates, not pairs or Thai', () => {
    expect(hasUnstorableText('สวัสดี 👋')).toBe(false);
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('a\uD83Db')).toBe(true);
    expect(hasUnstorableText('a\uDC4Bb')).toBe(true);
    expect(hasUnstorableText('\uD83D')).toBe(true);
  });

  it('removes NULs and replaces lone surrogates, keeping the rest', () => {
    expect(toStorableText('he\u0000llo\u0000')).toBe('hello');
    expect(toStorableText('x\uD83Dy👋\uDC4B')).toBe('x\uFFFDy👋\uFFFD');
  });
});
