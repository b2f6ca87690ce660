// The Prometheus endpoint: `GET /metrics` on a port of its own (METRICS_PORT), never on the API's port, so
// the load balancer never exposes it and worker nodes, which serve no HTTP, have it too. With METRICS_TOKEN
// the scraper must send `Authorization: Bearer <token>` (docs/decisions/operations.md "Metrics on a port of their own").
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../platform/logger';
import type { Metrics } from '../platform/metrics';

export type MetricsServer = {
  /** Where it listens, e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
};

export type MetricsServerOptions = {
  host: string;
  port: number;
  token?: string;
  logger: Logger;
};

/** Starts the metrics listener; rejects when its port cannot be taken. */
export async function startMetricsServer(
  metrics: Metrics,
  opts: MetricsServerOptions,
): Promise<MetricsServer> {
  const expected = opts.token === undefined ? null : digest(opts.token);
  const server = createServer((req, res) => {
    void answer(req, res).catch((err: unknown) => {
      opts.logger.error({ err }, 'metrics scrape failed');
      if (!res.headersSent) send(res, 500, 'metrics unavailable\n');
      else res.end();
    });
  });

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return send(res, 404, 'not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
    if (expected && !bearerMatches(req.headers.authorization, expected)) {
      res.setHeader('www-authenticate', 'Bearer realm="metrics"');
      return send(res, 401, 'unauthorized\n');
    }
    const text = await metrics.scrape();
    res.writeHead(200, { 'content-type': metrics.contentType });
    res.end(req.method === 'HEAD' ? undefined : text);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

// Compared as digests: equal lengths, and no timing difference to learn the token from.
const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}
