// Outgoing mail (password reset, invitations) over SMTP with nodemailer. Without SMTP_URL nothing is sent:
// the mail is logged instead, so a newcomer running the embedded default can still copy a reset link.
import { createTransport } from 'nodemailer';
import type { Logger } from './logger';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  /** Sends one mail; rejects when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
}

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  /** Without SMTP: whether the logged mail includes its text (reset and invitation links are secrets). */
  logBodies?: boolean;
};

/** An SMTP mailer when `smtpUrl` is given (smtp:// or smtps://, credentials in the URL), else a logging one. */
export function createMailer(opts: MailerOptions): Mailer {
  const { smtpUrl, from, logger, logBodies = true } = opts;
  if (!smtpUrl) {
    return {
      async send({ to, subject, text }) {
        logger.info(
          { mail: logBodies ? { to, subject, text } : { to, subject } },
          `mail to ${to} not sent (SMTP_URL is not set): ${subject}`,
        );
      },
    };
  }

  // A request (password reset) waits for the mail, so an unreachable server must fail in seconds, not in
  // nodemailer's default two minutes. Query parameters of the URL (?connectionTimeout=…) still win.
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );

  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ to, subject, text, ...(html === undefined ? {} : { html }) });
    },
  };
}
