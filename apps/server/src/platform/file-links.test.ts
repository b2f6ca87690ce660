import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { APP_LINK_MIN_SECONDS, APP_LINK_STEP_SECONDS, createFileLinks } from './file-links';

const FILE = 'A'.repeat(32);
const OTHER = 'B'.repeat(32);
const secret = randomBytes(32).toString('hex');
// A step boundary: 2026-05-01T00:00:00Z is a multiple of 6 hours.
const start = new Date('2026-05-01T00:00:00Z');

function linksAt(at: Date, key = secret) {
  const clock = manualClock(at);
  return { clock, links: createFileLinks({ secret: key, clock, publicUrl: 'https://inbox.example' }) };
}

/** The `expires` and `signature` of a link. */
function partsOf(link: string) {
  const url = new URL(link, 'https://inbox.example');
  return { expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
}

describe('file links', () => {
  it('gives the app one path per file for a whole 6-hour step, valid 12 to 18 hours', () => {
    const { clock, links } = linksAt(new Date(start.getTime() + 1000));
    const first = links.appPath(FILE);
    clock.advance((APP_LINK_STEP_SECONDS - 2) * 1000);
    expect(links.appPath(FILE)).toBe(first);
    clock.advance(2000);
    expect(links.appPath(FILE)).not.toBe(first);

    const expiresAt = Number(partsOf(first).expires);
    const issuedAt = start.getTime() / 1000 + 1;
    expect(expiresAt - issuedAt).toBeGreaterThanOrEqual(APP_LINK_MIN_SECONDS);
    expect(expiresAt - issuedAt).toBeLessThanOrEqual(APP_LINK_MIN_SECONDS + APP_LINK_STEP_SECONDS);
    expect(links.appPath(OTHER)).not.toBe(links.appPath(FILE));
  });

  it('gives customers an absolute link valid the given days from now', () => {
    const { links } = linksAt(start);
    const url = links.customerUrl(FILE, 7);
    expect(url.startsWith(`https://inbox.example/files/${FILE}?expires=`)).toBe(true);
    expect(Number(partsOf(url).expires)).toBe(start.getTime() / 1000 + 7 * 24 * 3600);
  });

  it('accepts its own links until they expire, and nothing else', () => {
    const { clock, links } = linksAt(start);
    const { expires, signature } = partsOf(links.customerUrl(FILE, 1));
    expect(links.check(FILE, expires, signature)).toEqual({ ok: true, expiresAt: Number(expires) });

    const invalid = { ok: false, code: 'file.link_invalid' };
    expect(links.check(OTHER, expires, signature)).toEqual(invalid);
    expect(links.check(FILE, String(Number(expires) + 1), signature)).toEqual(invalid);
    expect(links.check(FILE, `0${expires}`, signature)).toEqual(invalid);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(links.check(FILE, expires, flipped)).toEqual(invalid);
    expect(links.check(FILE, undefined, undefined)).toEqual(invalid);
    expect(links.check(FILE, expires, undefined)).toEqual(invalid);
    expect(links.check(FILE, [expires], signature)).toEqual(invalid);
    expect(links.check(FILE, 'soon', signature)).toEqual(invalid);
    expect(links.check(FILE, expires, 'short')).toEqual(invalid);
    // Another installation (another secret) signs differently.
    expect(linksAt(start, randomBytes(32).toString('hex')).links.check(FILE, expires, signature)).toEqual(
      invalid,
    );

    clock.advance(24 * 3600 * 1000 - 1000);
    expect(links.check(FILE, expires, signature).ok).toBe(true);
    clock.advance(1000);
    expect(links.check(FILE, expires, signature)).toEqual({ ok: false, code: 'file.link_expired' });
  });

  it('signs a rendition with its file: a link to one form is no link to another', () => {
    const { links } = linksAt(start);
    const url = new URL(links.customerUrl(FILE, 1, 'preview'));
    expect(url.searchParams.get('as')).toBe('preview');
    const { expires, signature } = partsOf(url.href);
    expect(links.check(FILE, expires, signature, 'preview')).toEqual({
      ok: true,
      expiresAt: Number(expires),
    });
    const invalid = { ok: false, code: 'file.link_invalid' };
    expect(links.check(FILE, expires, signature)).toEqual(invalid);
    expect(links.check(FILE, expires, signature, 'image')).toEqual(invalid);
    const stored = partsOf(links.customerUrl(FILE, 1));
    expect(links.check(FILE, stored.expires, stored.signature, 'preview')).toEqual(invalid);
  });
});
