// One outgoing HTTP request with a hard deadline, classified the way LINE's webhook statistics classify
// failures (A.2): no response in time, could not connect, or a status code.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { DeliveryOutcome } from '../core/records';

export interface HttpAttemptResult {
  status: number | null;
  outcome: Exclude<DeliveryOutcome, 'no_webhook_url'>;
  latencyMs: number;
  responseBody: string;
}

export interface HttpAttempt {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Aborted when the simulator resets or closes. */
  signal: AbortSignal;
  isSuccess(status: number): boolean;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/** Sends one request; never rejects. The whole response must arrive within `timeoutMs`. */
export function sendHttp(attempt: HttpAttempt): Promise<HttpAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (result: HttpAttemptResult) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      attempt.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const url = new URL(attempt.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = { ...attempt.headers };
    if (attempt.body !== undefined) headers['content-length'] = String(Buffer.byteLength(attempt.body));
    // agent:false — one connection per attempt, so no pooled socket outlives a test's receiver.
    const req = send(url, { method: attempt.method, headers, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
      });
      res.on('end', () => {
        settle({
          status,
          outcome: attempt.isSuccess(status) ? 'ok' : 'error_status_code',
          latencyMs: elapsed(),
          responseBody: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', () =>
        settle({ status, outcome: 'could_not_connect', latencyMs: elapsed(), responseBody: '' }),
      );
    });
    const timer = setTimeout(() => {
      settle({ status: null, outcome: 'request_timeout', latencyMs: elapsed(), responseBody: '' });
      req.destroy();
    }, attempt.timeoutMs);
    const onAbort = () => {
      settle({ status: null, outcome: 'could_not_connect', latencyMs: elapsed(), responseBody: '' });
      req.destroy();
    };
    if (attempt.signal.aborted) onAbort();
    else attempt.signal.addEventListener('abort', onAbort);
    req.on('error', () =>
      settle({ status: null, outcome: 'could_not_connect', latencyMs: elapsed(), responseBody: '' }),
    );
    req.end(attempt.body);
  });
}
