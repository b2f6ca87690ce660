import { describe, expect, it } from 'vitest';
import { characters, splitText, utf16Units, utf8Bytes } from './split-text';

describe('splitText', () => {
  it('keeps short text whole', () => {
    expect(splitText('สวัสดีค่ะ', 5000, utf16Units)).toEqual(['สวัสดีค่ะ']);
  });

  it('cuts at a space in the last half of a part', () => {
    expect(splitText('aaaa bbbb cccc', 10, characters)).toEqual(['aaaa bbbb', 'cccc']);
  });

  it('cuts Thai text without spaces between characters, within the byte limit', () => {
    const thai = 'ก'.repeat(700); // 3 bytes each in UTF-8
    const parts = splitText(thai, 1000, utf8Bytes);
    expect(parts.every((p) => Buffer.byteLength(p) <= 1000)).toBe(true);
    expect(parts.join('')).toBe(thai);
  });

  it('never splits an emoji made of two UTF-16 units', () => {
    const parts = splitText('🍎'.repeat(3), 5, utf16Units);
    expect(parts).toEqual(['🍎🍎', '🍎']);
  });
});
