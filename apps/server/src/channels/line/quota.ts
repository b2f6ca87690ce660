// This month's message quota of a LINE channel, as LINE counts it: the target limit
// (`GET /v2/bot/message/quota`) and the messages counted so far (`GET /v2/bot/message/quota/consumption`).
// LINE counts one message per push request and recipient (however many message objects it carries, and
// only when it can be delivered); replies are free.
import { HTTPFetchError } from '@line/bot-sdk';
import type { ProviderFetch } from '../provider-fetch';
import { createLineApi } from './api';

export type LineQuotaOptions = { apiBaseUrl: string; dataApiBaseUrl: string; fetch: ProviderFetch };

/** LINE's figures for the current month: no limit, or a limit; `used` is LINE's totalUsage. */
export type LineMonthlyQuota =
  { type: 'none'; limit: null; used: number } | { type: 'limited'; limit: number; used: number };

/** LINE did not give the figures: it refused the access token, or could not be asked (network, 5xx, 429, timeout). */
export class LineQuotaError extends Error {
  constructor(
    readonly reason: 'token_rejected' | 'unavailable',
    cause: unknown,
  ) {
    super(reason === 'token_rejected' ? 'LINE refused the access token' : 'LINE could not be asked', {
      cause,
    });
    this.name = 'LineQuotaError';
  }
}

export function createLineQuotaReader(opts: LineQuotaOptions) {
  const api = createLineApi(opts);
  return {
    /** Both figures of the channel whose access token this is; throws LineQuotaError when LINE gives none. */
    async read(accessToken: string): Promise<LineMonthlyQuota> {
      try {
        const [quota, consumption] = await Promise.all([
          api.quota(accessToken),
          api.quotaConsumption(accessToken),
        ]);
        const used = consumption.totalUsage;
        if (!isCount(used)) throw new Error('LINE answered no totalUsage');
        if (quota.type === 'none') return { type: 'none', limit: null, used };
        if (quota.type === 'limited' && isCount(quota.value))
          return { type: 'limited', limit: quota.value, used };
        throw new Error('LINE answered an unknown quota');
      } catch (err) {
        const rejected = err instanceof HTTPFetchError && (err.status === 401 || err.status === 403);
        throw new LineQuotaError(rejected ? 'token_rejected' : 'unavailable', err);
      }
    },
  };
}

export type LineQuotaReader = ReturnType<typeof createLineQuotaReader>;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
