import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('splitLinks', () => {
  it('finds http, https, ftp and file links among Thai and English text', () => {
    expect(splitLinks('ดูที่ https://shop.example/th?a=1 นะคะ')).toEqual([
      { text: 'ดูที่ ' },
      { text: 'https://shop.example/th?a=1', href: 'https://shop.example/th?a=1' },
      { text: ' นะคะ' },
    ]);
    expect(splitLinks('ftp://files.example/a.zip and file:///C:/docs/a.pdf').map((p) => p.href)).toEqual([
      'ftp://files.example/a.zip',
      undefined,
      'file:///C:/docs/a.pdf',
    ]);
  });

  it('leaves sentence punctuation and other schemes as text', () => {
    expect(splitLinks('See http://a.example/x.')).toEqual([
      { text: 'See ' },
      { text: 'http://a.example/x', href: 'http://a.example/x' },
      { text: '.' },
    ]);
    expect(splitLinks('javascript:alert(1) mailto:a@b.c www.example.com')).toEqual([
      { text: 'javascript:alert(1) mailto:a@b.c www.example.com' },
    ]);
    expect(splitLinks('')).toEqual([]);
  });
});
