// The password-reset mail, sent by a job rather than in the request: the request answers known and unknown
// addresses alike and at once, and a mail the SMTP server failed to take is retried. Each attempt issues a
// fresh link and voids the earlier ones, so only the link of the mail that went out works.
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineJob, type JobOf, type WorkOptions } from '../../platform/jobs';
import * as repo from './auth.repo';
import { newOpaqueToken } from './tokens';

/** Retries of a failed reset mail: 5 more attempts, the delay doubling from MAIL_RETRY_DELAY_SECONDS. */
export const RESET_MAIL_JOB = defineJob(
  'auth.reset-mail',
  z.object({ userId: z.guid(), lang: z.enum(['en', 'th']) }),
  { retryLimit: 5, retryBackoff: true },
);
const RESET_TTL_MS = 60 * 60 * 1000;

/** The worker's settings: the first retry's delay is configured (short in tests). */
export const resetMailWorkOptions = (deps: Deps): WorkOptions => ({
  retryDelay: deps.config.MAIL_RETRY_DELAY_SECONDS,
  concurrency: 2,
});

/** Issues a reset link (voiding earlier ones) and mails it; throws when the mail fails, so it is retried. */
export async function sendResetMail(deps: Deps, job: JobOf<typeof RESET_MAIL_JOB>) {
  const { userId, lang } = job.data;
  const user = await repo.findActiveUserContact(deps.db.orm, userId);
  if (!user) return; // deactivated or gone since the request
  const now = deps.clock.now();
  const { token, hash } = newOpaqueToken();
  await deps.db.orm.transaction(async (tx) => {
    await repo.voidPasswordTokens(tx, userId, 'reset', now);
    await repo.insertPasswordToken(tx, {
      userId,
      purpose: 'reset',
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
  });
  const link = `${deps.config.PUBLIC_URL}/login/reset-password?token=${token}&lang=${lang}`;
  const mail =
    lang === 'th'
      ? {
          subject: 'ตั้งรหัสผ่านใหม่ของ Sabai Inbox',
          text: `สวัสดีคุณ ${user.firstName}\n\nกดลิงก์นี้ภายใน 60 นาทีเพื่อตั้งรหัสผ่านใหม่:\n${link}\n\nหากคุณไม่ได้ขอเปลี่ยนรหัสผ่าน ไม่ต้องทำอะไร`,
        }
      : {
          subject: 'Reset your Sabai Inbox password',
          text: `Hello ${user.firstName},\n\nOpen this link within 60 minutes to set a new password:\n${link}\n\nIf you did not ask for this, you can ignore this mail.`,
        };
  try {
    await deps.mailer.send({ to: user.email, ...mail });
  } catch (err) {
    deps.logger.error({ err, attempt: job.retryCount + 1 }, 'password reset mail failed; it will be retried');
    throw err;
  }
}
