// Outgoing mail (password reset, invitations) over SMTP with nodemailer. Without SMTP_URL nothing is sent:
// outside production the mail is written to a file of the outbox folder instead, so a newcomer running the
// embedded default can still open a reset link. The log only says so: it never carries a recipient or a
// link (docs/operations.md "Logs").
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from './logger';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  /** Sends one mail; rejects when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  /**
   * Whether the mail service is working: the last send's outcome or connection check, checked again (an
   * SMTP connection and greeting) when older than a minute. The same answer for every recipient.
   */
  available(): Promise<boolean>;
}

/** nodemailer's codes for a server that works but refused one mail. */
const MESSAGE_REFUSALS = new Set(['EENVELOPE', 'EMESSAGE']);

/** How long an SMTP check or send outcome stands for the mail service's health. */
export const MAIL_HEALTH_TTL_MS = 60_000;

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  /**
   * Without SMTP: the folder unsent mails are written to, whole (recipient, subject, text), one file each;
   * none in production, where reset and invitation links are secrets and an unsent mail is only logged.
   */
  outboxDir?: string;
};

/** An SMTP mailer when `smtpUrl` is given (smtp:// or smtps://, credentials in the URL), else a logging one. */
export function createMailer(opts: MailerOptions): Mailer {
  const { smtpUrl, from, logger, outboxDir } = opts;
  if (!smtpUrl) {
    return {
      async send(message) {
        const file = outboxDir ? await writeToOutbox(outboxDir, message) : null;
        logger.info(
          { mail: { subject: message.subject, ...(file ? { file } : {}) } },
          file
            ? `mail not sent (SMTP_URL is not set); written to ${file}`
            : 'mail not sent (SMTP_URL is not set)',
        );
      },
      available: async () => true,
    };
  }

  // A request (password reset) waits for the mail, so an unreachable server must fail in seconds, not in
  // nodemailer's default two minutes. Query parameters of the URL (?connectionTimeout=…) still win.
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );

  let health: { ok: boolean; at: number } | null = null;
  let checking: Promise<boolean> | null = null;
  const note = (ok: boolean) => {
    health = { ok, at: Date.now() };
    return ok;
  };

  return {
    async send({ to, subject, text, html }) {
      try {
        await transport.sendMail({ to, subject, text, ...(html === undefined ? {} : { html }) });
      } catch (err) {
        // A refusal of this one mail (its recipient or content) says nothing of the service's health.
        if (!MESSAGE_REFUSALS.has((err as { code?: string }).code ?? '')) note(false);
        throw err;
      }
      note(true);
    },
    async available() {
      if (health && Date.now() - health.at < MAIL_HEALTH_TTL_MS) return health.ok;
      // One check at a time, however many requests ask.
      checking ??= transport
        .verify()
        .then(
          () => note(true),
          (err: unknown) => {
            logger.warn({ err }, 'the SMTP server cannot be reached');
            return note(false);
          },
        )
        .finally(() => (checking = null));
      return checking;
    },
  };
}

/** Writes the mail as text to a new file of `dir` (readable by its owner only); resolves to its path. */
async function writeToOutbox(dir: string, { to, subject, text }: MailMessage): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}.txt`);
  await writeFile(file, `To: ${to}\nSubject: ${subject}\n\n${text}\n`, { mode: 0o600 });
  return file;
}
