// Upload limits over a real socket, as a browser sends them: a file over the limit is refused whole (413
// `file.too_large`, nothing stored), a file exactly at the limit is stored whole, the keep-alive connection
// that carried a refused upload answers the next request at once, and a body the parser cannot split is a 400.
import { Agent, request } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES } from '@sabai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, XSRF, type TestApp } from '../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../test/factories';
import { files } from '../db/schema';

let t: TestApp;
let base: URL;
let org: TestOrg;
let token: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

beforeAll(async () => {
  t = await startTestApp();
  base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  org = await buildOrganization(t);
  token = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
});

const BOUNDARY = '----sabai-upload';

function multipart(filename: string, type: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

type Answer = { status: number; body: Buffer; reusedSocket: boolean };

/** One request over the shared keep-alive agent (a single socket). */
function send(
  method: string,
  path: string,
  options: { body?: Buffer; contentType?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          ...(options.contentType ? { 'content-type': options.contentType } : {}),
          ...(options.body ? { 'content-length': String(options.body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            reusedSocket: req.reusedSocket,
          }),
        );
      },
    );
    // The server may answer 413 before the body is all sent; the rest still goes out on the same socket.
    req.on('error', reject);
    req.end(options.body);
  });
}

const upload = (path: string, filename: string, type: string, content: Buffer) =>
  send(path.endsWith('/attachments') ? 'POST' : 'PUT', path, {
    body: multipart(filename, type, content),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  });

const storedFiles = async () =>
  (await t.db.orm.select({ n: count() }).from(files).where(eq(files.organizationId, org.id)))[0]!.n;

const errorCode = (a: Answer) => (JSON.parse(a.body.toString()) as { error: { code: string } }).error.code;

describe('upload limits', { timeout: 90_000 }, () => {
  it('refuses a 31 MiB file with 413 and stores nothing, and the same connection answers the next request', async () => {
    const before = await storedFiles();
    const refused = await upload(
      '/api/v1/attachments',
      'big.pdf',
      'application/pdf',
      Buffer.alloc(31 * 1024 * 1024, 7),
    );
    expect(refused.status).toBe(413);
    expect(errorCode(refused)).toBe('file.too_large');
    expect(await storedFiles()).toBe(before);

    const next = await send('GET', '/healthz');
    expect(next.status).toBe(200);
    expect(next.reusedSocket).toBe(true);
  });

  it('refuses a file one byte over 30 MiB and stores one of exactly 30 MiB whole', async () => {
    const before = await storedFiles();
    const over = await upload(
      '/api/v1/attachments',
      'over.zip',
      'application/zip',
      Buffer.alloc(FILE_MAX_BYTES + 1, 1),
    );
    expect(over.status).toBe(413);
    expect(errorCode(over)).toBe('file.too_large');
    expect(await storedFiles()).toBe(before);

    const content = Buffer.alloc(FILE_MAX_BYTES, 2);
    content.write('the last bytes', FILE_MAX_BYTES - 14);
    const exact = await upload('/api/v1/attachments', 'exact.zip', 'application/zip', content);
    expect(exact.status).toBe(201);
    const stored = JSON.parse(exact.body.toString()) as { url: string; size: number };
    expect(stored.size).toBe(FILE_MAX_BYTES);
    const served = await send('GET', stored.url);
    expect(served.body.length).toBe(FILE_MAX_BYTES);
    expect(served.body.equals(content)).toBe(true);
  });

  it('holds images to 5 MiB on attachments and profile pictures', async () => {
    const before = await storedFiles();
    const png = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(png);
    const attachment = await upload('/api/v1/attachments', 'big.png', 'image/png', png);
    expect(attachment.status).toBe(413);
    expect(errorCode(attachment)).toBe('file.too_large');
    const avatar = await upload('/api/v1/me/avatar', 'big.png', 'image/png', png);
    expect(avatar.status).toBe(413);
    expect(errorCode(avatar)).toBe('file.too_large');
    expect(await storedFiles()).toBe(before);

    const exact = await upload(
      '/api/v1/attachments',
      'fits.png',
      'image/png',
      png.subarray(0, IMAGE_MAX_BYTES),
    );
    expect(exact.status).toBe(201);
    expect((JSON.parse(exact.body.toString()) as { size: number }).size).toBe(IMAGE_MAX_BYTES);
  });

  it('answers a multipart body without a boundary with 400', async () => {
    for (const path of ['/api/v1/attachments', '/api/v1/me/avatar']) {
      const res = await send(path.endsWith('/attachments') ? 'POST' : 'PUT', path, {
        body: multipart('a.pdf', 'application/pdf', Buffer.from('%PDF-1.4')),
        contentType: 'multipart/form-data',
      });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('request.invalid');
    }
  });
});
