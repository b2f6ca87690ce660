import { describe, expect, it } from 'vitest';
import { lineSenderName, withSender } from './sender';

describe('lineSenderName', () => {
  it('drops the word LINE in any case, which LINE refuses in a sender name', () => {
    expect(lineSenderName('LINE Support Nok')).toBe('Support Nok');
    expect(lineSenderName('Nok from line')).toBe('Nok from');
    expect(lineSenderName('Line')).toBe('');
  });

  it('sends no name rather than one cut inside a word when "line" sits in the name', () => {
    expect(lineSenderName('Caroline Wong')).toBe('');
    expect(lineSenderName('Onlinestore Team')).toBe('');
  });

  it('cuts to 20 UTF-16 units without splitting a character', () => {
    expect(lineSenderName('Somchai Jaidee-Rattanakorn')).toBe('Somchai Jaidee-Ratta');
    expect(lineSenderName(`${'a'.repeat(19)}😀`)).toBe('a'.repeat(19));
    expect(lineSenderName('สมหญิง ใจดี')).toBe('สมหญิง ใจดี');
  });
});

describe('withSender', () => {
  const text = { type: 'text' as const, text: 'hi' };

  it('adds the name and an https icon, and leaves the message alone when no name is left', () => {
    expect(withSender(text, { name: 'Nok', iconUrl: 'https://x.test/i.png' })).toEqual({
      ...text,
      sender: { name: 'Nok', iconUrl: 'https://x.test/i.png' },
    });
    expect(withSender(text, { name: 'Nok', iconUrl: 'http://x.test/i.png' })).toEqual({
      ...text,
      sender: { name: 'Nok' },
    });
    expect(withSender(text, { name: 'LINE', iconUrl: null })).toEqual(text);
    expect(withSender(text, undefined)).toEqual(text);
  });
});
