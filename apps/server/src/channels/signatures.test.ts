import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidLineSignature, isValidMetaSignature } from './signatures';

describe('LINE signature', () => {
  it('matches the SDK and docs/channels.md test vectors', () => {
    expect(
      isValidLineSignature(
        Buffer.from('{"hello":"world"}'),
        'test_secret',
        't7Hn4ZDHqs6e+wdvI5TyQIvzie0DmMUmuXEBqyyE/tM=',
      ),
    ).toBe(true);
    const body = '{"destination":"U00000000000000000000000000000000","events":[]}';
    expect(
      isValidLineSignature(
        Buffer.from(body),
        'line_test_secret',
        'ra0xj8idU+EaIi6LSn21O5/AI1mTwF7zCrQWcLIQXnI=',
      ),
    ).toBe(true);
  });

  it('refuses a missing, forged or re-serialised body signature', () => {
    const body = Buffer.from('{"hello":"world"}');
    expect(isValidLineSignature(body, 'test_secret', undefined)).toBe(false);
    expect(isValidLineSignature(body, 'other_secret', 't7Hn4ZDHqs6e+wdvI5TyQIvzie0DmMUmuXEBqyyE/tM=')).toBe(
      false,
    );
    expect(
      isValidLineSignature(
        Buffer.from('{"hello": "world"}'),
        'test_secret',
        't7Hn4ZDHqs6e+wdvI5TyQIvzie0DmMUmuXEBqyyE/tM=',
      ),
    ).toBe(false);
    expect(isValidLineSignature(body, 'test_secret', 'short')).toBe(false);
  });
});

describe('Meta signature', () => {
  const body = Buffer.from('{"object":"page","entry":[]}');
  const good = `sha256=${createHmac('sha256', 'app-secret').update(body).digest('hex')}`;

  it('accepts the sha256= hex HMAC of the exact bytes', () => {
    expect(isValidMetaSignature(body, 'app-secret', good)).toBe(true);
  });

  it('refuses missing, malformed and wrong signatures', () => {
    expect(isValidMetaSignature(body, 'app-secret', undefined)).toBe(false);
    expect(isValidMetaSignature(body, 'app-secret', good.replace('sha256=', 'sha1='))).toBe(false);
    expect(isValidMetaSignature(body, 'app-secret', 'sha256=zz')).toBe(false);
    expect(isValidMetaSignature(body, 'other', good)).toBe(false);
  });
});
