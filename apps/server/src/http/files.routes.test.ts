// /files/:id serves a file only to a link the server signed for that file and that has not expired, or to
// a signed-in user of the file's organisation; everything else is refused with a stable code.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { buildOrganization, buildUser, signIn } from '../../test/factories';
import { PNG, SIGNED_FILE_PATH, uploadAttachment } from '../../test/files';

let t: TestApp;
let admin: string;
let outsider: string;
let file: { id: string; url: string };
let other: { id: string; url: string };
const HOUR = 3600 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  const org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
  outsider = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
  file = await uploadAttachment(t, admin, { name: 'dot.png', type: 'image/png', content: PNG });
  other = await uploadAttachment(t, admin, {
    name: 'notes.txt',
    type: 'text/plain',
    content: Buffer.from('other file'),
  });
});

afterEach(() => t.clock.set(null));

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** A link's path with some query parameters replaced (or removed, with null). */
function altered(url: string, changes: Record<string, string | null>, path?: string) {
  const u = new URL(url, 'http://x');
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) u.searchParams.delete(name);
    else u.searchParams.set(name, value);
  }
  return `${path ?? u.pathname}${u.search}`;
}

async function expectRefused(url: string, code: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(403);
  expect(res.json().error.code).toBe(code);
  // Refused before the file is read: nothing of it leaks.
  expect(res.headers['content-disposition']).toBeUndefined();
}

describe('signed links', () => {
  it('serve the file they name, cached privately no longer than they live', async () => {
    expect(file.url).toMatch(SIGNED_FILE_PATH);
    expect(file.url.startsWith(`/files/${file.id}?`)).toBe(true);
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    const expiresAt = Number(new URL(file.url, 'http://x').searchParams.get('expires'));
    const remaining = expiresAt - Math.floor(Date.now() / 1000);
    const cache = String(res.headers['cache-control']);
    const maxAge = Number(/^private, max-age=(\d+), immutable$/.exec(cache)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(12 * 3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(remaining);
  });

  it('keep the served-type rules', async () => {
    const res = await get(other.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toContain('attachment');
  });

  it('still work at the end of a screen left open for 12 hours, and no longer once expired', async () => {
    t.clock.advance(12 * HOUR - 60_000);
    const late = await get(file.url);
    expect(late.statusCode).toBe(200);
    expect(Number(/max-age=(\d+)/.exec(String(late.headers['cache-control']))?.[1])).toBeLessThanOrEqual(
      6 * 3600 + 60,
    );
    t.clock.advance(6 * HOUR + 60_000);
    await expectRefused(file.url, 'file.link_expired');
  });

  it('refuse a tampered signature or expiry, another file’s signature and a missing signature', async () => {
    const { searchParams } = new URL(file.url, 'http://x');
    const signature = searchParams.get('signature')!;
    const expires = searchParams.get('expires')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    await expectRefused(altered(file.url, { signature: flipped }), 'file.link_invalid');
    await expectRefused(
      altered(file.url, { expires: String(Number(expires) + 86_400) }),
      'file.link_invalid',
    );
    // The other file's expiry and signature, on this file's path.
    await expectRefused(altered(other.url, {}, `/files/${file.id}`), 'file.link_invalid');
    await expectRefused(altered(file.url, { signature: null }), 'file.link_invalid');
    await expectRefused(altered(file.url, { expires: null }), 'file.link_invalid');
    await expectRefused(`/files/${file.id}`, 'file.link_invalid');
    await expectRefused(`${file.url}&signature=${signature}`, 'file.link_invalid');
    await expectRefused(altered(file.url, { expires: 'tomorrow' }), 'file.link_invalid');
  });

  it('answer 404 for a signed link to a file that is gone', async () => {
    const path = t.deps.fileLinks.appPath('Z'.repeat(32));
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('signed-in users', () => {
  it('read their organisation’s files with their bearer token, never kept by a cache', async () => {
    const res = await get(`/files/${file.id}`, { authorization: `Bearer ${admin}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('do not reach another organisation’s files, and a bad token is not a way in', async () => {
    const res = await get(`/files/${file.id}`, { authorization: `Bearer ${outsider}` });
    expect(res.statusCode).toBe(404);
    const bad = await get(`/files/${file.id}`, { authorization: 'Bearer not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toMatch(/^auth\./);
  });
});
