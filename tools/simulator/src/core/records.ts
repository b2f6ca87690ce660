// What the simulator saw and did, kept in memory for inspection: API calls received, webhooks sent, messages
// that reached (or did not reach) a customer, and requests to the model endpoint. Getters return copies so
// callers cannot edit history.
import { SimulatorError } from './errors';
import type { MediaCheck } from '../line/media-fetch';

export type Platform = 'line' | 'meta';

/** One call the server made to the fake LINE or Graph API. */
export interface ApiCall {
  id: string;
  /** Simulated time when the call arrived. */
  at: number;
  platform: Platform;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Request headers, names lowercased. */
  headers: Record<string, string>;
  /** Parsed JSON or form body; the raw text when it was neither; null when empty. */
  body: unknown;
  /** null when the simulator held the request to imitate a timeout. */
  status: number | null;
  /** Parsed JSON response; null for binary or held responses. */
  response: unknown;
}

/** Classification of one webhook attempt, in LINE's error-statistics words (A.2). */
export type DeliveryOutcome =
  'ok' | 'error_status_code' | 'request_timeout' | 'could_not_connect' | 'no_webhook_url';

/** One HTTP attempt of a webhook delivery. */
export interface DeliveryAttempt {
  at: number;
  isRedelivery: boolean;
  status: number | null;
  outcome: DeliveryOutcome;
  latencyMs: number;
  /** The exact bytes sent (as UTF-8 text) and the signature header computed over them. */
  rawBody: string;
  signature: string;
  responseBody: string;
}

export type DeliveryKind = 'events' | 'verification' | 'echo' | 'handshake';

/** A webhook the simulator sent (with its retries); `body` is what the first attempt carried. */
export interface DeliveryRecord<TBody = unknown> {
  id: string;
  platform: Platform;
  kind: DeliveryKind;
  /** LINE channel id, or the Page / Instagram account ids of the entries. */
  accountIds: string[];
  url: string | null;
  body: TBody;
  /** Outcome of the last attempt. */
  ok: boolean;
  status: number | null;
  outcome: DeliveryOutcome;
  latencyMs: number;
  attempts: number;
  history: DeliveryAttempt[];
  /** A copy sent by the duplicate-delivery fault. */
  isDuplicate: boolean;
  /** Retries are still scheduled. */
  pending: boolean;
}

/** A message the business sent that a customer would see (or would not, when `delivered` is false). */
export interface OutboxEntry {
  id: string;
  at: number;
  platform: 'line' | 'messenger' | 'instagram';
  /** LINE channel id, Page id or Instagram account id. */
  accountId: string;
  /** The chat it went to: the customer's id, or on LINE a group or room id. */
  userId: string;
  via: 'reply' | 'push' | 'send_api';
  /** LINE message id or Meta `message_id`. */
  messageId: string;
  /** The message object as the API received it. */
  message: unknown;
  delivered: boolean;
  undeliveredReason: 'blocked' | 'not_friend' | 'not_member' | null;
  messagingType: string | null;
  tag: string | null;
  /** Meta private reply: the comment whose author received the message (`recipient.comment_id`). */
  commentId?: string;
  /** LINE: what fetching the message's media found, once fetched (see line/media-fetch.ts). */
  media?: MediaCheck[];
}

/**
 * What became of a request to the model endpoint: `completed` (a whole response was written, whatever its
 * status), `held` (the hang fault), `cut_off` (the stream was cut by a fault), `abandoned` (the client left
 * before the response was written in full, e.g. on its own timeout).
 */
export type AiOutcome = 'completed' | 'held' | 'cut_off' | 'abandoned';

/**
 * One request to the model endpoint. Unlike `ApiCall` it keeps no headers: the API key must never be
 * recorded, only whether one came.
 */
export interface AiRequest {
  id: string;
  /** Simulated time when the request arrived. */
  at: number;
  method: string;
  path: string;
  /** The parsed JSON body (what reached the model); the raw text when it was not JSON; null when empty. */
  body: unknown;
  /** An `Authorization: Bearer …` header came. */
  hasKey: boolean;
  /** null when held. */
  status: number | null;
  outcome: AiOutcome;
}

/** Filter for `calls()`; `path` is a substring or a pattern. */
export interface CallFilter {
  platform?: Platform;
  method?: string;
  path?: string | RegExp;
  status?: number;
  since?: number;
}

/** Filter for `ai.requests()`; `path` is a substring or a pattern. */
export interface AiRequestFilter {
  method?: string;
  path?: string | RegExp;
  status?: number;
  outcome?: AiOutcome;
  since?: number;
}

/** Filter for `deliveries()`. */
export interface DeliveryFilter {
  platform?: Platform;
  kind?: DeliveryKind;
  accountId?: string;
}

/**
 * In-memory history of calls, deliveries, outbox messages and model requests: all of it, or the latest `keep`
 * of each kind (a long run, such as a soak, would otherwise hold every call and slow down every `calls()`).
 */
export class Recorder {
  private callList: ApiCall[] = [];
  private deliveryList: DeliveryRecord[] = [];
  private outboxList: OutboxEntry[] = [];
  private aiRequestList: AiRequest[] = [];
  private sequence = 0;
  private readonly callListeners = new Set<(call: ApiCall) => void>();

  private cleared = 0;

  constructor(private readonly keep = Infinity) {}

  /** Calls `listener` with a copy of every call recorded from now on; returns the unsubscribe function. */
  onCall(listener: (call: ApiCall) => void): () => void {
    this.callListeners.add(listener);
    return () => void this.callListeners.delete(listener);
  }

  /** A short id unique within this simulator (`c12`, `d3`, `o7`). */
  nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${this.sequence}`;
  }

  addCall(call: ApiCall): void {
    this.callList = this.trimmed(this.callList, call);
    for (const listener of this.callListeners) listener(structuredClone(call));
  }

  /** Stores the record itself: the delivery engine keeps updating it while retries run. */
  addDelivery(record: DeliveryRecord): void {
    this.deliveryList = this.trimmed(this.deliveryList, record);
  }

  addOutbox(entry: OutboxEntry): void {
    this.outboxList = this.trimmed(this.outboxList, entry);
  }

  addAiRequest(request: AiRequest): void {
    this.aiRequestList = this.trimmed(this.aiRequestList, request);
  }

  /** Appends; past half again the limit, the oldest go (in one copy rather than one shift per call). */
  private trimmed<T>(list: T[], item: T): T[] {
    list.push(item);
    return list.length > this.keep * 1.5 ? list.slice(-this.keep) : list;
  }

  calls(filter: CallFilter = {}): ApiCall[] {
    return this.callList.filter((call) => matchesCall(call, filter)).map((call) => structuredClone(call));
  }

  deliveries(filter: DeliveryFilter = {}): DeliveryRecord[] {
    return this.deliveryList
      .filter(
        (d) =>
          (filter.platform === undefined || d.platform === filter.platform) &&
          (filter.kind === undefined || d.kind === filter.kind) &&
          (filter.accountId === undefined || d.accountIds.includes(filter.accountId)),
      )
      .map((d) => structuredClone(d));
  }

  outbox(accountId?: string, userId?: string): OutboxEntry[] {
    return this.outboxList
      .filter(
        (e) =>
          (accountId === undefined || e.accountId === accountId) &&
          (userId === undefined || e.userId === userId),
      )
      .map((e) => structuredClone(e));
  }

  aiRequests(filter: AiRequestFilter = {}): AiRequest[] {
    return this.aiRequestList
      .filter(
        (r) => (filter.outcome === undefined || r.outcome === filter.outcome) && matchesRequest(r, filter),
      )
      .map((r) => structuredClone(r));
  }

  /**
   * Raised by every clear. A request is recorded when it ends (with its outcome), so one that arrived
   * before a clear (a stream a test abandoned) must not appear among the records after it.
   */
  get generation(): number {
    return this.cleared;
  }

  clear(): void {
    this.cleared += 1;
    this.callList = [];
    this.deliveryList = [];
    this.outboxList = [];
    this.aiRequestList = [];
  }
}

function matchesCall(call: ApiCall, filter: CallFilter): boolean {
  if (filter.platform !== undefined && call.platform !== filter.platform) return false;
  return matchesRequest(call, filter);
}

/** The filters API calls and model requests share. */
function matchesRequest(
  request: ApiCall | AiRequest,
  filter: { method?: string; path?: string | RegExp; status?: number; since?: number },
): boolean {
  if (filter.method !== undefined && request.method !== filter.method.toUpperCase()) return false;
  if (filter.status !== undefined && request.status !== filter.status) return false;
  if (filter.since !== undefined && request.at < filter.since) return false;
  if (filter.path instanceof RegExp) return filter.path.test(request.path);
  if (typeof filter.path === 'string') return request.path.includes(filter.path);
  return true;
}

/**
 * Polls `probe` until it returns a value other than undefined/null/false, or fails after `timeoutMs` —
 * for tests that wait for the server to react to a webhook.
 */
export async function waitFor<T>(probe: () => T | null | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() >= deadline)
      throw new SimulatorError('invalid_argument', `waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
