// A real HTTP receiver for outgoing webhook tests (node:http on 127.0.0.1): it records every request with
// its raw body and answers by path (`/ok` 200, `/fail` 500, or what `answer` says), and verifies signatures
// with its own implementation of the documented scheme (docs/api.md "Verifying a delivery"), independent of
// the server's code.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeAfterFile } from './file-resources';

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  /** The body parsed. */
  json: {
    id: string;
    type: string;
    occurredAt: string;
    organizationId: string;
    data: Record<string, unknown>;
  };
};

type Answer = (request: ReceivedRequest) => { status: number; body: string };

export type WebhookReceiver = {
  url: string;
  requests: ReceivedRequest[];
  /** Overrides the answer of a path: its status and body, or a function of the request giving them. */
  answer(path: string, status: number | Answer, body?: string): void;
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const answers = new Map<string, Answer>([
    ['/ok', () => ({ status: 200, body: 'ok' })],
    ['/fail', () => ({ status: 500, body: 'receiver is down' })],
  ]);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      let json: ReceivedRequest['json'];
      try {
        json = JSON.parse(body) as ReceivedRequest['json'];
      } catch {
        json = { id: '', type: '', occurredAt: '', organizationId: '', data: {} };
      }
      const request = { method: req.method ?? '', path, headers: req.headers, body, json };
      requests.push(request);
      const answer = answers.get(path)?.(request) ?? { status: 404, body: 'no such path' };
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  closeAfterFile(close);
  return {
    url,
    requests,
    answer: (path, status, body = '') =>
      void answers.set(path, typeof status === 'function' ? status : () => ({ status, body })),
    close,
  };
}

/**
 * Checks a request's signature as a receiver would: HMAC-SHA256 keyed with the secret over
 * `${timestamp}.${rawBody}`, hex, in `Sabai-Webhook-Signature: v1=<hex>`, compared in constant time.
 */
export function hasValidSignature(secret: string, request: ReceivedRequest): boolean {
  const timestamp = request.headers['sabai-webhook-timestamp'];
  const header = request.headers['sabai-webhook-signature'];
  if (typeof timestamp !== 'string' || typeof header !== 'string' || !/^\d+$/.test(timestamp)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest();
  const given = Buffer.from(header.replace(/^v1=/, ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
