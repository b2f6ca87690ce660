// Debian's HAProxy in front of the HTTP nodes, for the cluster test: the configuration of docs/operations.md
// ("Scaled out (PostgreSQL)") on loopback ports, run in the foreground as a child process with its log in
// a file. The log has a request line per answered request (status, server, path) and HAProxy's own
// "Server … is DOWN/UP" lines, in the order HAProxy wrote them, which is what tells whether a 5xx was
// answered after the health check took a node out.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import path from 'node:path';

const BACKEND = 'sabai_http';

/** The binary: HAPROXY_BIN, else Debian's. */
function haproxyBinary(): string {
  const bin = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
  if (!existsSync(bin)) {
    throw new Error(`HAProxy not found at ${bin}: apt-get install -y haproxy (or set HAPROXY_BIN)`);
  }
  return bin;
}

export type HaproxyOptions = {
  /** Where the configuration and the stats socket go. */
  dir: string;
  port: number;
  servers: Array<{ name: string; port: number }>;
};

/** The documented configuration, with a stats socket and a log line the test can read. */
export function haproxyConfig({ dir, port, servers }: HaproxyOptions): string {
  return `global
  log stdout format iso local0
  stats socket ${path.join(dir, 'admin.sock')} mode 600 level admin
  maxconn 4096

defaults
  mode http
  log global
  # The request line the test reads: status, server, method and path (never the query: it holds the
  # websocket's access token).
  log-format "req %ST %s %HM %HP %Ta"
  option forwardfor
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # An upgraded websocket is a tunnel: idle for as long as no notice is due.
  timeout tunnel 1h
  timeout client-fin 5s
  timeout http-keep-alive 10s
  # A refused connection (a node that just died) is retried on the other node.
  retries 3
  option redispatch 1

frontend sabai
  bind 127.0.0.1:${port}
  default_backend ${BACKEND}

backend ${BACKEND}
  balance leastconn
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  # The node's Keep-Alive hint (72 s, Fastify's) is not this proxy's idle timeout: a client trusting it
  # reuses connections the proxy has already closed ("other side closed").
  http-response del-header keep-alive
  # Which node answered (the test tells the killed node's websockets apart by it).
  http-response set-header x-sabai-node %s
  timeout check 5s
  default-server inter 500ms fall 2 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

/** A request line of the log (written when its answer ended); `at` is when HAProxy wrote it. */
export type RequestLine = {
  kind: 'request';
  at: number;
  status: number;
  server: string;
  method: string;
  path: string;
};
/** A server marked UP or DOWN by the health check. */
export type StateLine = { kind: 'state'; at: number; server: string; state: 'UP' | 'DOWN'; text: string };
export type HaproxyLogLine = RequestLine | StateLine;

export const isRequest = (l: HaproxyLogLine): l is RequestLine => l.kind === 'request';
export const isState = (l: HaproxyLogLine): l is StateLine => l.kind === 'state';

export type Haproxy = {
  url: string;
  /** Every line of the log so far, in HAProxy's order. */
  readLog(): Promise<HaproxyLogLine[]>;
  /** Resolves once the stats socket reports `server` as `status` (exactly). */
  waitForStatus(server: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

export async function startHaproxy(opts: HaproxyOptions): Promise<Haproxy> {
  const configFile = path.join(opts.dir, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(opts));
  const socketPath = path.join(opts.dir, 'admin.sock');
  // -db: stay in the foreground (no daemon, no master), so killing the child stops HAProxy. The log goes
  // to a file HAProxy writes itself: it drops lines that a full pipe (a busy reader) would not take.
  const logFile = path.join(opts.dir, 'haproxy.log');
  const fd = openSync(logFile, 'a');
  const child = spawn(haproxyBinary(), ['-f', configFile, '-db'], { stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const log: HaproxyLogLine[] = [];
  let consumed = 0;
  const readNewLines = async () => {
    const text = await readFile(logFile, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    for (const line of text.slice(consumed, end).split('\n')) {
      const parsed = parseLogLine(line);
      if (parsed) log.push(parsed);
    }
    consumed = end;
    return log;
  };
  // One read at a time, so no line is parsed twice.
  let reading = Promise.resolve(log);
  const readLog = () => (reading = reading.then(readNewLines));

  // Each server's status ("UP", "DOWN", "UP 1/2" while going down, …).
  const serverStatus = async () => statusOf(await statsCsv(socketPath));
  const waitForStatus = async (server: string, status: 'UP' | 'DOWN', timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`HAProxy exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
      const now = await serverStatus().catch((err: unknown) => ({ error: String(err) }));
      if ((now as Record<string, string>)[server] === status) return;
      if (Date.now() > until) throw new Error(`${server} not ${status} in time: ${JSON.stringify(now)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    for (const s of opts.servers) await waitForStatus(s.name, 'UP');
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url: `http://127.0.0.1:${opts.port}`,
    readLog,
    waitForStatus,
    stop: () => stopChild(child),
  };
}

// Each line starts with HAProxy's ISO timestamp (`format iso`).
const REQUEST_LINE = /^(\S+) req (-?\d+) (\S+) (\S+) (\S+)/;
const STATE_LINE = /^(\S+) Server \S+\/(\S+) is (UP|DOWN)\b/;

function parseLogLine(line: string): HaproxyLogLine | null {
  const request = REQUEST_LINE.exec(line);
  if (request) {
    return {
      kind: 'request',
      at: Date.parse(request[1]!),
      status: Number(request[2]),
      server: request[3]!,
      method: request[4]!,
      path: request[5]!,
    };
  }
  const state = STATE_LINE.exec(line);
  if (state) {
    const [, at, server, up] = state;
    return { kind: 'state', at: Date.parse(at!), server: server!, state: up as 'UP' | 'DOWN', text: line };
  }
  return null;
}

/** `show stat` over the admin socket: one CSV line per proxy and server. */
function statsCsv(socketPath: string) {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const socket = createConnection(socketPath, () => socket.end('show stat\n'));
    socket.on('data', (chunk) => (out += chunk.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

function statusOf(csv: string): Record<string, string> {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
  const result: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[px!] === BACKEND && cells[sv!] !== 'BACKEND') result[cells[sv!]!] = cells[st!]!;
  }
  return result;
}

function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
