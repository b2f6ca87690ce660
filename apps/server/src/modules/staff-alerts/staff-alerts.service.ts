// LINE staff alerts: the replacement for LINE Notify, which LINE shut down on 2025-03-31. A staff
// member links their LINE account by sending a one-time code, shown in their profile, to one of the
// organisation's LINE Official Accounts; from then on each notification they receive is also pushed to
// them as a LINE message from that account, through the channels' own LINE adapter.
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { LineLink, LiveEventData } from '@sabai/contracts';
import { ChannelSendError } from '../../channels';
import type { Deps } from '../../deps';
import { conflict } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { stableUuid } from '../../platform/crypto';
import type { EventBus } from '../../platform/events';
import { defineJob, type JobOf } from '../../platform/jobs';
import { refreshedEvery } from '../../platform/refreshed';
import type { AuthContext } from '../../ports';
import { credentialsOf, type ChannelRow } from '../channels';
import * as repo from './staff-alerts.repo';

export const LINK_CODE_TTL_MS = 15 * 60_000;
/** One alert pushed to a linked staff member from a LINE account; retryKey makes LINE take it once. */
export const LINE_ALERT_JOB = defineJob(
  'staff-alert.line',
  z.object({ channelId: z.guid(), lineUserId: z.string().min(1), text: z.string(), retryKey: z.guid() }),
  { retryLimit: 5, retryDelay: 5, retryBackoff: true },
);
/** Who receives alerts is re-read this often (a link made on another node is seen within this time). */
const RECIPIENTS_TTL_MS = 30_000;
/** "SABAI-123456", also typed as "sabai 123456". */
const LINK_CODE = /^\s*sabai[-\s]?(\d{6})\s*$/i;
const LINKED_TEXT =
  'เชื่อมต่อการแจ้งเตือนของ Sabai Inbox กับ LINE นี้แล้ว / Sabai Inbox alerts are now linked to this LINE account.';

export type LineAlert = z.infer<typeof LINE_ALERT_JOB.schema>;

/** The normalised link code in a LINE text, or null when the text is not one. */
export function linkCodeIn(text: string | null): string | null {
  const digits = text?.match(LINK_CODE)?.[1];
  return digits ? `SABAI-${digits}` : null;
}

/** A new one-time code for the caller, and the LINE accounts they may send it to. */
export async function startLineLink(deps: Deps, auth: AuthContext): Promise<LineLink> {
  const channels = await repo.activeLineChannels(deps.db.orm, auth.organizationId);
  if (channels.length === 0) throw conflict('line_link.no_channel');
  const code = `SABAI-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  const expiresAt = new Date(deps.clock.now().getTime() + LINK_CODE_TTL_MS);
  await repo.saveLinkCode(deps.db.orm, auth.userId, code, expiresAt);
  return { code, expiresAt: expiresAt.toISOString(), channels: channels.map((c) => c.name) };
}

export async function unlinkLine(deps: Deps, auth: AuthContext): Promise<void> {
  await repo.unlink(deps.db.orm, auth.userId);
  recipients.forget();
}

/**
 * Inbound, in the batch's transaction: a LINE text holding a live link code links its sender and is
 * answered with a confirmation; it is then no customer message. Resolves to whether it linked.
 */
export async function linkFromLine(
  deps: Deps,
  tx: Executor,
  channel: ChannelRow,
  event: { externalUserId: string; text: string | null; timestamp: Date },
): Promise<boolean> {
  const code = linkCodeIn(event.text);
  if (!code || channel.type !== 'line') return false;
  const userId = await repo.linkByCode(tx, {
    organizationId: channel.organizationId,
    channelId: channel.id,
    lineUserId: event.externalUserId,
    code,
    at: event.timestamp,
  });
  if (!userId) return false;
  const alert: LineAlert = {
    channelId: channel.id,
    lineUserId: event.externalUserId,
    text: LINKED_TEXT,
    retryKey: randomUUID(),
  };
  await deps.jobs.sendInTransaction(tx, LINE_ALERT_JOB, alert);
  recipients.forget();
  return true;
}

/** Pushes one alert from its LINE account; a refusal that retrying cannot fix is logged and dropped. */
export async function sendLineAlert(deps: Deps, job: JobOf<typeof LINE_ALERT_JOB>): Promise<void> {
  const channel = await repo.findActiveLineChannel(deps.db.orm, job.data.channelId);
  if (!channel) return; // the account was removed since: nothing to send from
  const adapter = deps.channels.get('line');
  try {
    await adapter.send({
      credentials: credentialsOf(deps, channel),
      recipient: job.data.lineUserId,
      // LINE takes five messages per request; an alert is short, so this only guards the limit.
      messages: adapter
        .splitText(job.data.text)
        .slice(0, 5)
        .map((text) => ({ kind: 'text', text })),
      replyToken: null,
      retryKey: job.data.retryKey,
      lastInboundAt: null,
      now: deps.clock.now(),
    });
  } catch (err) {
    if (err instanceof ChannelSendError && !err.retryable) {
      deps.logger.warn({ code: err.code, channelId: channel.id }, 'LINE staff alert refused');
      return;
    }
    throw err;
  }
}

/** Who receives LINE alerts, by user: most notifications go to nobody there. */
const recipients = refreshedEvery(
  RECIPIENTS_TTL_MS,
  async (ex) => new Map((await repo.alertRecipients(ex)).map((r) => [r.userId, r])),
);

/**
 * Turns every `notification.created` for a linked staff member into a LINE alert job. Each node that
 * listens enqueues it under an id derived from the notification, so the alert is sent once.
 */
export function forwardNotificationsToLine(deps: Deps, bus: EventBus): () => void {
  return bus.subscribe(async (event) => {
    if (event.name !== 'notification.created') return;
    const recipient = (await recipients.get(deps.db.orm)).get(event.data.userId);
    if (!recipient || recipient.organizationId !== event.organizationId) return;
    const notificationId = String(event.data.notificationId);
    const alert: LineAlert = {
      channelId: recipient.channelId,
      lineUserId: recipient.lineUserId,
      text: alertText(deps, event.data),
      retryKey: stableUuid(`line-alert-retry:${notificationId}`),
    };
    await deps.jobs.send(LINE_ALERT_JOB, alert, { id: stableUuid(`line-alert:${notificationId}`) });
  });
}

/** The notice and, when it is about an issue, the link that opens it. */
function alertText(deps: Deps, { content, issueId }: LiveEventData<'notification.created'>): string {
  return issueId === null ? content : `${content}\n${deps.config.PUBLIC_URL}/issue/inbox?issueId=${issueId}`;
}
