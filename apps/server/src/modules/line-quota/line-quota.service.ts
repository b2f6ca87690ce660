// A LINE channel's monthly message quota: LINE's figures beside our own delivery
// records, and a notification to every admin when pushes take this month's usage past 80 % and 100 % of a
// limited quota (docs/decisions/channels.md "LINE message quota").
import { lineQuotaThresholdsReached, localTime, startOfLocalDay } from '@sabai/domain';
import { NOTICE_TEXTS, type LineQuota } from '@sabai/contracts';
import { createLineQuotaReader, LineQuotaError, providerFetch, type LineMonthlyQuota } from '../../channels';
import type { Deps } from '../../deps';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { credentialsOf, findChannel, type ChannelRow } from '../channels';
import { notify } from '../notifications';
import { organizationTimeZone } from '../organizations';
import * as repo from './line-quota.repo';

/** How often the delivery path asks LINE for its figures; between asks our own pushes are added. */
const ASK_LINE_EVERY_MS = 5 * 60 * 1000;
/**
 * A channel's quota is checked at most this often by a process: a check counts the month's pushes, and a
 * burst of greetings pushes hundreds a second. The pushes in between are counted by a check at the end of
 * the interval, so a threshold is told at most this much later.
 */
const CHECK_EVERY_MS = 2_000;

/** The organisation's current month: `yyyy-MM` and its instants [from, to). */
async function currentMonth(deps: Deps, organizationId: string) {
  const timeZone = await organizationTimeZone(deps.db.orm, organizationId);
  const key = localTime(deps.clock.now(), timeZone).date.slice(0, 7);
  const [year, month] = key.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    key,
    from: new Date(startOfLocalDay(`${key}-01`, timeZone)),
    to: new Date(startOfLocalDay(`${next}-01`, timeZone)),
  };
}

const readerOf = (deps: Deps) =>
  createLineQuotaReader({
    apiBaseUrl: deps.config.LINE_API_BASE_URL,
    dataApiBaseUrl: deps.config.LINE_DATA_API_BASE_URL,
    fetch: providerFetch(deps.config.PROVIDER_TIMEOUT_MS),
  });

/** This month's quota of one of the caller's LINE channels: LINE's figures and our replies and pushes. */
export async function getLineQuota(deps: Deps, auth: AuthContext, channelId: string): Promise<LineQuota> {
  const channel = await findChannel(deps.db.orm, auth.organizationId, channelId);
  if (!channel || channel.deletedAt) throw notFound('channel.not_found');
  if (channel.type !== 'line')
    throw badRequest('channel.not_line', 'Only LINE channels have a message quota');
  const month = await currentMonth(deps, auth.organizationId);
  const own = await repo.countLineRequests(deps.db.orm, channel.id, month.from, month.to);
  let line: LineMonthlyQuota;
  try {
    line = await readerOf(deps).read(credentialsOf(deps, channel).accessToken);
  } catch (err) {
    if (!(err instanceof LineQuotaError)) throw err;
    deps.logger.warn({ err: err.cause, channelId: channel.id }, 'LINE quota could not be read');
    // A refused token is the channel's settings to fix (409, no point in retrying); LINE down may pass (502).
    throw err.reason === 'token_rejected'
      ? conflict('channel.access_token_rejected', 'LINE refused the channel access token')
      : new AppError(502, 'channel.quota_unavailable', 'LINE could not be reached. Please try again.');
  }
  // A fresh base for the delivery path's estimate, at no extra call.
  await repo.storeLineFigures(deps.db.orm, keyOf(channel, month.key), {
    quotaType: line.type,
    quotaLimit: line.limit,
    lineUsage: line.used,
    ownPushes: own.pushes,
    countedFrom: month.from,
    at: deps.clock.now(),
  });
  return { type: line.type, limit: line.limit, used: line.used, ...own, month: month.key };
}

const keyOf = (channel: ChannelRow, month: string) => ({
  channelId: channel.id,
  organizationId: channel.organizationId,
  month,
});

const checks = new Map<string, { lastAt: number; pending: ReturnType<typeof setTimeout> | null }>();

/**
 * Called by the delivery job after it pushed on a LINE channel: checks the quota now, or at the end of the
 * channel's interval when a check ran less than CHECK_EVERY_MS ago (one check then covers every push since).
 * Never fails the delivery: a failed check is logged.
 */
export function checkLineQuotaSoon(deps: Deps, channel: ChannelRow): void {
  const run = () => {
    const state = checks.get(channel.id)!;
    state.lastAt = performance.now();
    state.pending = null;
    checkLineQuotaAfterPush(deps, channel).catch((err: unknown) =>
      deps.logger.warn({ err, channelId: channel.id }, 'LINE quota check failed'),
    );
  };
  const state = checks.get(channel.id);
  if (!state) {
    checks.set(channel.id, { lastAt: 0, pending: null });
    return run();
  }
  if (state.pending) return;
  const wait = state.lastAt + CHECK_EVERY_MS - performance.now();
  if (wait <= 0) return run();
  state.pending = setTimeout(run, wait);
  state.pending.unref();
}

/**
 * How far back the delivery path counts our pushes when it asks LINE: a few minutes' messages, where the
 * month's start meant a count of the whole month every CHECK_EVERY_MS, growing until the month ends. A push
 * still in flight for longer than this when LINE is asked is missed until LINE's next figures.
 */
const COUNT_BEFORE_ASK_MS = 15 * 60 * 1000;

/**
 * Checks a LINE channel's quota after a push: estimates this month's usage as LINE's
 * last figure plus our pushes since (asking LINE again at most every ASK_LINE_EVERY_MS), and tells every
 * admin once per channel, month and threshold when it reaches 80 % or 100 % of a limited quota.
 */
export async function checkLineQuotaAfterPush(deps: Deps, channel: ChannelRow) {
  const now = deps.clock.now();
  const month = await currentMonth(deps, channel.organizationId);
  const key = keyOf(channel, month.key);
  const pushesFrom = (from: Date) =>
    repo.countLineRequests(deps.db.orm, channel.id, from, month.to).then((counts) => counts.pushes);
  let state: repo.QuotaMonthRow | null = null;
  if (await repo.claimLineAsk(deps.db.orm, key, now, new Date(now.getTime() - ASK_LINE_EVERY_MS))) {
    const countedFrom = new Date(Math.max(month.from.getTime(), now.getTime() - COUNT_BEFORE_ASK_MS));
    // Counted before LINE is asked: a push landing in between is counted twice until the next ask, so a
    // warning may come one push early, never late.
    const ownPushes = await pushesFrom(countedFrom);
    try {
      const line = await readerOf(deps).read(credentialsOf(deps, channel).accessToken);
      state = await repo.storeLineFigures(deps.db.orm, key, {
        quotaType: line.type,
        quotaLimit: line.limit,
        lineUsage: line.used,
        ownPushes,
        countedFrom,
        at: now,
      });
    } catch (err) {
      if (!(err instanceof LineQuotaError)) throw err;
      // The last figures (if any) still serve; LINE is asked again after the interval.
      deps.logger.warn({ err: err.cause, channelId: channel.id }, 'LINE quota could not be read');
    }
  }
  state ??= await repo.findQuotaMonth(deps.db.orm, channel.id, month.key);
  if (state?.quotaType !== 'limited' || state.quotaLimit === null || state.lineUsage === null) return;
  const limit = state.quotaLimit;
  const ownPushes = await pushesFrom(state.pushesCountedFrom ?? month.from);
  const used = state.lineUsage + Math.max(0, ownPushes - state.ownPushesAtCheck);
  const reached = lineQuotaThresholdsReached(used, limit);
  if (reached.length === 0) return;
  await deps.db.orm.transaction(async (tx) => {
    for (const threshold of reached) {
      if (!(await repo.markThresholdNotified(tx, channel.id, month.key, threshold, now))) continue;
      const content =
        threshold === 100
          ? NOTICE_TEXTS.lineQuotaReached(channel.name, used, limit)
          : NOTICE_TEXTS.lineQuotaWarning(channel.name, threshold, used, limit);
      for (const userId of await repo.organizationAdmins(tx, channel.organizationId)) {
        await notify(tx, {
          organizationId: channel.organizationId,
          userId,
          type: 'line_quota',
          content,
          channelType: 'line',
          channelName: channel.name,
        });
      }
    }
  });
}
