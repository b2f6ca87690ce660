import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { silentLogger } from './logger';
import { createMailer } from './mailer';

type Received = { rcptTo: string[]; headers: Map<string, string>; body: string };

let server: SMTPServer;
let smtpUrl: string;
const inbox: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          ...parseMail(Buffer.concat(chunks)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mailer', () => {
  it('delivers over SMTP with the sender, recipient, subject and text', async () => {
    const mailer = createMailer({ smtpUrl, from: 'Sabai Inbox <no-reply@sabai.test>', logger: silentLogger });
    const link = `http://localhost:3000/reset-password?token=${'a'.repeat(64)}`;

    await mailer.send({
      to: 'somchai@example.com',
      subject: 'Reset your password',
      text: `Open this link:\n${link}`,
    });

    const mail = inbox.at(-1);
    expect(mail?.rcptTo).toEqual(['somchai@example.com']);
    expect(mail?.headers.get('to')).toBe('somchai@example.com');
    expect(mail?.headers.get('from')).toBe('Sabai Inbox <no-reply@sabai.test>');
    expect(mail?.headers.get('subject')).toBe('Reset your password');
    expect(mail?.body).toContain(link);
  });

  it('keeps Thai subjects and text intact', async () => {
    const mailer = createMailer({ smtpUrl, from: 'no-reply@sabai.test', logger: silentLogger });
    const subject = 'ตั้งรหัสผ่านใหม่ของ Sabai Inbox';
    const text = 'สวัสดีคุณ สมชาย\n\nกดลิงก์นี้ภายใน 60 นาทีเพื่อตั้งรหัสผ่านใหม่';

    await mailer.send({ to: 'somchai@example.com', subject, text, html: `<p>${text}</p>` });

    const mail = inbox.at(-1);
    expect(mail?.headers.get('subject')).toBe(subject);
    expect(mail?.body).toContain('กดลิงก์นี้ภายใน 60 นาที');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'a@b.test',
      logger: silentLogger,
    });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });

  it('writes an unsent mail to the outbox and logs neither its recipient nor its link', async () => {
    const info = vi.fn();
    const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-outbox-'));
    try {
      const mailer = createMailer({ from: 'a@b.test', logger: { ...silentLogger, info }, outboxDir });

      await mailer.send({
        to: 'new@example.com',
        subject: 'Welcome',
        text: 'Open http://localhost:3000/invite/abc',
      });

      expect(info).toHaveBeenCalledOnce();
      const [fields, line] = info.mock.calls[0] as [{ mail: { subject: string; file: string } }, string];
      expect(fields.mail.subject).toBe('Welcome');
      expect(fields.mail.file.startsWith(outboxDir)).toBe(true);
      expect(JSON.stringify([fields, line])).not.toMatch(/new@example\.com|invite\/abc/);
      const written = await readFile(fields.mail.file, 'utf8');
      expect(written).toContain('To: new@example.com');
      expect(written).toContain('Open http://localhost:3000/invite/abc');
    } finally {
      await rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('only logs that a mail was not sent when there is no outbox (production)', async () => {
    const info = vi.fn();
    const mailer = createMailer({ from: 'a@b.test', logger: { ...silentLogger, info } });

    await mailer.send({ to: 'new@example.com', subject: 'Welcome', text: 'Open http://x/invite/abc' });

    expect(info.mock.calls).toEqual([
      [{ mail: { subject: 'Welcome' } }, 'mail not sent (SMTP_URL is not set)'],
    ]);
  });
});

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// A small MIME reader, enough for what nodemailer writes: folded headers with UTF-8 encoded words, and a
// text/plain part (alone or inside multipart/alternative) in 7bit, quoted-printable or base64.
function parseMail(raw: Buffer): { headers: Map<string, string>; body: string } {
  const { headers, body } = splitPart(raw.toString('latin1'));
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const textPart = boundary
    ? body
        .split(`--${boundary}`)
        .map((p) => splitPart(p.replace(/^\r\n/, '')))
        .find((p) => p.headers.get('content-type')?.startsWith('text/plain'))
    : { headers, body };
  return {
    headers,
    body: decodeBody(textPart?.body ?? '', textPart?.headers.get('content-transfer-encoding')),
  };
}

function splitPart(text: string) {
  const at = text.indexOf('\r\n\r\n');
  const headerText = at === -1 ? text : text.slice(0, at);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: at === -1 ? '' : text.slice(at + 4) };
}

function decodeWords(value: string): string {
  const parts = value.split(/(=\?utf-8\?[bq]\?[^?]*\?=)/i);
  const bytes: Buffer[] = [];
  parts.forEach((part, i) => {
    const word = /^=\?utf-8\?([bq])\?([^?]*)\?=$/i.exec(part);
    if (word) {
      const [, encoding = '', data = ''] = word;
      bytes.push(
        encoding.toLowerCase() === 'b' ? Buffer.from(data, 'base64') : qpBytes(data.replace(/_/g, ' ')),
      );
    } else if (!(part.trim() === '' && i > 0 && i < parts.length - 1)) {
      bytes.push(Buffer.from(part, 'latin1')); // whitespace between two encoded words is not part of the text
    }
  });
  return Buffer.concat(bytes).toString('utf8');
}

function decodeBody(body: string, encoding = '7bit'): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return qpBytes(body.replace(/=\r\n/g, '')).toString('utf8');
  return Buffer.from(body, 'latin1').toString('utf8');
}

function qpBytes(text: string): Buffer {
  return Buffer.from(
    text.replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}
