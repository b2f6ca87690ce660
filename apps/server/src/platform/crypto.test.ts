import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCipher } from './crypto';

describe('createCipher', () => {
  const cipher = createCipher(randomBytes(32).toString('hex'));

  it('round-trips and never stores the plain text', () => {
    const sealed = cipher.encrypt('c0ffee00c0ffee00c0ffee00c0ffee00');
    expect(sealed).not.toContain('c0ffee');
    expect(cipher.decrypt(sealed)).toBe('c0ffee00c0ffee00c0ffee00c0ffee00');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses tampered values and another key', () => {
    const sealed = cipher.encrypt('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createCipher(randomBytes(32).toString('hex')).decrypt(sealed)).toThrow();
  });

  it('opens a value it opened before again, and still refuses a tampered copy of it', () => {
    const sealed = cipher.encrypt('token');
    expect(cipher.decrypt(sealed)).toBe('token');
    expect(cipher.decrypt(sealed)).toBe('token');
    const parts = sealed.split('.');
    parts[2] = Buffer.from('0123456789abcdef').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    // Past the values kept in memory, the first still opens (from its text again).
    for (let i = 0; i < 1100; i++) cipher.decrypt(cipher.encrypt(`value ${i}`));
    expect(cipher.decrypt(sealed)).toBe('token');
  });
});
