import { describe, expect, it } from 'vitest';
import { metaJson } from './meta-json';
import { lineSignature, metaSignature256, verifyLineSignature, verifyMetaSignature } from './signatures';

describe('signatures (docs/channels.md "Signatures")', () => {
  it('matches the LINE SDK test vector', () => {
    expect(lineSignature('{"hello":"world"}', 'test_secret')).toBe(
      't7Hn4ZDHqs6e+wdvI5TyQIvzie0DmMUmuXEBqyyE/tM=',
    );
  });

  it('matches the own LINE vector and verifies it constant-time', () => {
    const body = '{"destination":"U00000000000000000000000000000000","events":[]}';
    expect(lineSignature(body, 'line_test_secret')).toBe('ra0xj8idU+EaIi6LSn21O5/AI1mTwF7zCrQWcLIQXnI=');
    expect(
      verifyLineSignature(
        Buffer.from(body),
        'line_test_secret',
        'ra0xj8idU+EaIi6LSn21O5/AI1mTwF7zCrQWcLIQXnI=',
      ),
    ).toBe(true);
    expect(
      verifyLineSignature(
        Buffer.from(`${body} `),
        'line_test_secret',
        'ra0xj8idU+EaIi6LSn21O5/AI1mTwF7zCrQWcLIQXnI=',
      ),
    ).toBe(false);
    expect(verifyLineSignature(body, 'line_test_secret', undefined)).toBe(false);
  });

  it('matches the Meta vector', () => {
    const body = '{"object":"page","entry":[]}';
    const expected = 'sha256=5da47c9c7409e70d7a1851f0cfd9bc27786bd99587a9bf1dd5b51e23a2de03cf';
    expect(metaSignature256(body, 'test_app_secret')).toBe(expected);
    expect(verifyMetaSignature(body, 'test_app_secret', expected)).toBe(true);
    expect(verifyMetaSignature(body, 'other_secret', expected)).toBe(false);
  });

  it('serialises like Meta: non-ASCII as \\uXXXX and / as \\/, same value when parsed', () => {
    const value = { text: 'สวัสดี 🍎 a/b' };
    const raw = metaJson(value);
    expect(raw).toBe('{"text":"\\u0e2a\\u0e27\\u0e31\\u0e2a\\u0e14\\u0e35 \\ud83c\\udf4e a\\/b"}');
    expect(JSON.parse(raw)).toEqual(value);
  });
});
