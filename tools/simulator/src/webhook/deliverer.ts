// Sends webhooks and their retries, recording every attempt. Bytes are produced once per attempt by the
// plan's `encode` and signed there; nothing touches them between signing and sending (docs/channels.md
// "Signatures").
import { setMaxListeners } from 'node:events';
import type { Clock } from '../core/clock';
import type { DeliveryKind, DeliveryRecord, Platform, Recorder } from '../core/records';
import { sendHttp } from './send-http';

/** Everything needed to deliver one webhook body, with its retry policy. */
export interface WebhookPlan<TBody> {
  platform: Platform;
  kind: DeliveryKind;
  accountIds: string[];
  url: string | null;
  body: TBody;
  /** Bytes, signature and headers of an attempt (LINE re-serialises redeliveries, A.7; Meta resends the same bytes). */
  encode(isRedelivery: boolean): { rawBody: string; signature: string; headers: Record<string, string> };
  /** Runs just before each attempt goes out (LINE: the reply token's minute starts again, A.8). */
  beforeAttempt?(isRedelivery: boolean): void;
  isSuccess(status: number): boolean;
  retries: number;
  retryIntervalMs: number;
}

/** Whether a customer action resolves after the first attempt or after the last retry. */
export type DeliveryWait = 'first' | 'final';

/** Runs webhook deliveries; `abortAll` stops pending retries (reset, close). */
export class WebhookDeliverer {
  private controller = sharedController();

  constructor(private readonly deps: { clock: Clock; recorder: Recorder; timeoutMs: number }) {}

  /**
   * Delivers `copies` identical webhooks (more than one only under the duplicate-delivery fault), each copy
   * after the previous one's first attempt, and returns a snapshot of the first copy's record.
   */
  async deliver<TBody>(
    plan: WebhookPlan<TBody>,
    copies = 1,
    wait: DeliveryWait = 'final',
  ): Promise<DeliveryRecord<TBody>> {
    const started: { record: DeliveryRecord<TBody>; firstAttempt: Promise<void>; done: Promise<void> }[] = [];
    for (let copy = 0; copy < Math.max(1, copies); copy++) {
      const delivery = this.start(plan, copy > 0);
      started.push(delivery);
      await delivery.firstAttempt;
    }
    if (wait === 'final') await Promise.all(started.map((d) => d.done));
    const [first] = started;
    if (!first) throw new Error('unreachable: at least one copy is sent');
    return structuredClone(first.record);
  }

  /** Aborted by `abortAll`; for one-off requests made outside `deliver` (the Meta handshake). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops every scheduled retry and in-flight request. */
  abortAll(): void {
    this.controller.abort();
    this.controller = sharedController();
  }

  private start<TBody>(plan: WebhookPlan<TBody>, isDuplicate: boolean) {
    const { clock, recorder, timeoutMs } = this.deps;
    const signal = this.controller.signal;
    const record: DeliveryRecord<TBody> = {
      id: recorder.nextId('d'),
      platform: plan.platform,
      kind: plan.kind,
      accountIds: plan.accountIds,
      url: plan.url,
      body: plan.body,
      ok: false,
      status: null,
      outcome: plan.url ? 'could_not_connect' : 'no_webhook_url',
      latencyMs: 0,
      attempts: 0,
      history: [],
      isDuplicate,
      pending: plan.url !== null,
    };
    recorder.addDelivery(record);

    let markFirstAttempt = () => {};
    const firstAttempt = new Promise<void>((resolve) => (markFirstAttempt = resolve));
    const done = (async () => {
      const url = plan.url;
      for (let attempt = 0; url !== null && attempt <= plan.retries; attempt++) {
        if (attempt > 0 && !(await sleep(plan.retryIntervalMs, signal))) break;
        const isRedelivery = attempt > 0;
        plan.beforeAttempt?.(isRedelivery);
        const { rawBody, signature, headers } = plan.encode(isRedelivery);
        const at = clock.now();
        const result = await sendHttp({
          method: 'POST',
          url,
          headers,
          body: rawBody,
          timeoutMs,
          signal,
          isSuccess: plan.isSuccess,
        });
        record.history.push({ at, isRedelivery, ...result, rawBody, signature });
        record.attempts = record.history.length;
        record.status = result.status;
        record.outcome = result.outcome;
        record.latencyMs = result.latencyMs;
        record.ok = result.outcome === 'ok';
        markFirstAttempt();
        if (record.ok || signal.aborted) break;
      }
      record.pending = false;
      markFirstAttempt();
    })();
    return { record, firstAttempt, done };
  }
}

/** Waits `ms`; resolves false at once when aborted. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One controller for every delivery in flight: each listens to its signal until it ends, so a busy run has
 * many listeners at once by design (not a leak: each removes its own), and Node's warning past 10 is noise.
 */
function sharedController() {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
