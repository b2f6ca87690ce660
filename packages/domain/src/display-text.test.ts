import { describe, expect, it } from 'vitest';
import { displaySegments, visibleText, withoutInvisible } from './display-text';

describe('display text', () => {
  it('names a right-to-left override in a file name instead of letting it reverse the extension', () => {
    const name = 'invoice\u202Egnp.exe';
    expect(displaySegments(name)).toEqual([{ text: 'invoice' }, { control: 'U+202E' }, { text: 'gnp.exe' }]);
    expect(visibleText(name)).toBe('invoice[U+202E]gnp.exe');
    expect(withoutInvisible(name)).toBe('invoicegnp.exe');
  });

  it('makes isolates, marks, controls and the byte-order mark visible', () => {
    expect(visibleText('\u2067a\u2069\u200f\u0000b\n\ufeff')).toBe(
      '[U+2067]a[U+2069][U+200F][U+0000]b[U+000A][U+FEFF]',
    );
  });

  it('leaves Thai, emoji sequences and zero-width joiners and spaces alone', () => {
    for (const text of ['คุณนก สมใจ', '👩\u200d💻 Dev', 'ภาษา\u200bไทย', 'نور']) {
      expect(visibleText(text)).toBe(text);
    }
  });
});
