// A real little webhook receiver for the tests: records each request's exact bytes and answers as told.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

export interface ReceiverReply {
  status: number;
  body?: string;
  delayMs?: number;
}

export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** How to answer the next requests (default 200 "ok"). */
  respondWith(
    reply: (request: ReceivedRequest, index: number) => ReceiverReply | Promise<ReceiverReply>,
  ): void;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** Starts a receiver on a random loopback port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  let reply: (request: ReceivedRequest, index: number) => ReceiverReply | Promise<ReceiverReply> = () => ({
    status: 200,
    body: 'ok',
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver.local');
      const request: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
      };
      requests.push(request);
      void Promise.resolve(reply(request, requests.length - 1)).then(async (answer) => {
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (next) => {
      reply = next;
    },
    waitForRequests: async (count, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${requests.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return requests.slice(0, count);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
