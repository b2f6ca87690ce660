// Files as the app's pages meet them: uploaded through the API, and reached only by the expiring links the
// API answers with (never a /files URL built from an id: docs/decisions/files.md "Files").
import { expect } from 'vitest';
import type { TestApp } from './app';
import { call, XSRF } from './app';

/** Every file link the API hands out: one file, an expiry and its signature. */
export const SIGNED_FILE_PATH = /^\/files\/[A-Za-z0-9_-]{32}\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Uploads a message attachment as the composer does (or, with `to`, a file to another upload route such as
 * the user's picture); resolves to the API's answer (id, url, …).
 */
export async function uploadAttachment(
  t: TestApp,
  token: string,
  file: { name: string; type: string; content: Buffer },
  to: { method: 'POST' | 'PUT'; url: string } = { method: 'POST', url: '/api/v1/attachments' },
): Promise<{ id: string; url: string }> {
  const boundary = '----sabai-file';
  const res = await t.app.inject({
    ...to,
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The link to a message's first attachment, as the conversation screen gets it from the messages API. */
export async function attachmentUrlOf(
  t: TestApp,
  token: string,
  issueId: number,
  messageId: number,
): Promise<string> {
  const res = await call(t.app, 'GET', `/api/v1/issues/${issueId}/messages?limit=100`, { token });
  expect(res.statusCode).toBe(200);
  const message = res
    .json<{ items: Array<{ id: number; attachments: Array<{ url: string }> }> }>()
    .items.find((m) => m.id === messageId);
  const url = message?.attachments[0]?.url;
  if (!url) throw new Error(`message ${messageId} has no attachment in the API's answer`);
  expect(url).toMatch(SIGNED_FILE_PATH);
  return url;
}
