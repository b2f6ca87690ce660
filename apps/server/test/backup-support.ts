// For the backup tests: the backup command as an operator runs it (its own process), and a steady stream
// of signed LINE webhooks from one customer to the demo channel that records when each was acknowledged.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DEMO_LINE, DEMO_PASSWORD } from '../src/db/seed';
import { signedLineText } from './line-webhook';
import { inboundTextIds, signInOver, watchLiveMessages } from './live-messages';
import { exited, startServerProcess } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run backup` / `npm run restore`'s script with `args`: its exit code and everything it printed. */
export function runBackupCli(args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/backup/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

export type Traffic = {
  /** Texts acknowledged with 200, with when (performance.now()) the answer arrived. */
  acked: Array<{ text: string; at: number }>;
  /** Deliveries answered otherwise or not at all. */
  failed: number;
  stop(): Promise<void>;
};

/**
 * Sends texts `${prefix} 0`, `${prefix} 1`, … from `userId` to the demo LINE channel at `baseUrl`, from
 * `senders` concurrent loops each pausing `pauseMs` between deliveries, until stopped.
 */
export function lineTraffic(
  baseUrl: string,
  opts: { userId: string; prefix: string; senders?: number; pauseMs?: number },
): Traffic {
  const acked: Traffic['acked'] = [];
  let failed = 0;
  let stopped = false;
  let next = 0;
  const loop = async () => {
    while (!stopped) {
      const text = `${opts.prefix} ${next++}`;
      const { body, signature } = signedLineText(text, { userId: opts.userId });
      const status = await fetch(`${baseUrl}/webhooks/line/${DEMO_LINE.channelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      );
      if (status === 200) acked.push({ text, at: performance.now() });
      else failed++;
      await new Promise((r) => setTimeout(r, opts.pauseMs ?? 20));
    }
  };
  const loops = Array.from({ length: opts.senders ?? 2 }, loop);
  return {
    acked,
    get failed() {
      return failed;
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Polls `check` every 200 ms until it answers true or `timeoutMs` passes; resolves to its last answer. */
export async function pollUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type BackupRun = {
  /** Texts acknowledged before the backup command started. */
  ackedBefore: string[];
  /** Acknowledged while it ran. */
  ackedDuring: number;
  /** Texts of `ackedBefore` the restored server does not have. */
  missing: string[];
  /** The restored server serves the picture uploaded before the backup, byte for byte. */
  pictureRestored: boolean;
  backup: { code: number | null; output: string; ms: number };
  restore: { code: number | null; output: string; ms: number };
};

/**
 * The journey of a backup: a server on `source` receives webhooks continuously, `npm run backup` runs (with
 * `cli`'s environment) while they arrive, `restore` puts the file into a fresh place, a server starts on
 * `target`, and every text acknowledged before the backup began is looked for in the customer's issue.
 */
export async function backupUnderTraffic(opts: {
  source: Record<string, string>;
  cli: Record<string, string>;
  backupFile: string;
  restore(file: string): Promise<{ code: number | null; output: string }>;
  target: Record<string, string>;
}): Promise<BackupRun> {
  const source = await startServerProcess(opts.source);
  let traffic: Traffic | null = null;
  try {
    const adminToken = await signInOver(source.url, 'admin@demo.local', DEMO_PASSWORD);
    // A stored file: on disk beside the embedded database, in the database on PostgreSQL.
    await uploadPicture(source.url, adminToken);
    const live = await watchLiveMessages(source.url, adminToken);
    const userId = `U${randomUUID().replaceAll('-', '')}`;
    traffic = lineTraffic(source.url, { userId, prefix: `backup ${randomUUID().slice(0, 8)}` });
    const sending = traffic;
    // Enough acknowledged, and the customer's issue made, before the backup starts.
    await pollUntil(async () => sending.acked.length >= 30 && live.issueIds.size > 0, 60_000);

    const backupStarted = performance.now();
    const backup = { ...(await runBackupCli(['backup', '--out', opts.backupFile], opts.cli)), ms: 0 };
    const backupEnded = performance.now();
    backup.ms = backupEnded - backupStarted;
    await traffic.stop();
    live.close();
    const ackedBefore = traffic.acked.filter((a) => a.at < backupStarted).map((a) => a.text);
    const ackedDuring = traffic.acked.filter((a) => a.at >= backupStarted && a.at <= backupEnded).length;
    const issueIds = [...live.issueIds];
    source.child.kill('SIGTERM');
    await exited(source.child);

    const restoreStarted = performance.now();
    const restore = { ...(await opts.restore(opts.backupFile)), ms: 0 };
    restore.ms = performance.now() - restoreStarted;
    const failed = {
      ackedBefore,
      ackedDuring,
      missing: ackedBefore,
      pictureRestored: false,
      backup,
      restore,
    };
    if (backup.code !== 0 || restore.code !== 0) return failed;

    const target = await startServerProcess(opts.target);
    try {
      const token = await signInOver(target.url, 'admin@demo.local', DEMO_PASSWORD);
      // Deliveries stored but not processed when the backup was taken are processed by the restored server.
      let missing = ackedBefore;
      await pollUntil(async () => {
        const stored = await inboundTextIds(target.url, token, issueIds);
        missing = ackedBefore.filter((text) => !stored.has(text));
        return missing.length === 0;
      }, 60_000);
      const pictureRestored = await servesPicture(target.url, token);
      return { ackedBefore, ackedDuring, missing, pictureRestored, backup, restore };
    } finally {
      target.child.kill('SIGTERM');
      await exited(target.child);
    }
  } finally {
    await traffic?.stop();
    source.child.kill('SIGTERM');
    await exited(source.child);
  }
}

/** A 1×1 PNG. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const XSRF = 'backup-test-xsrf';

/** Sets the signed-in user's profile picture, as the profile page does. */
async function uploadPicture(baseUrl: string, token: string) {
  const boundary = '----sabai-backup';
  const res = await fetch(`${baseUrl}/api/v1/me/avatar`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PICTURE,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.status !== 200) throw new Error(`picture upload answered ${res.status}: ${await res.text()}`);
}

/** Whether the signed-in user's profile picture is served with the uploaded bytes. */
async function servesPicture(baseUrl: string, token: string): Promise<boolean> {
  const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  const { profilePath } = (await me.json()) as { profilePath: string | null };
  if (!profilePath) return false;
  const file = await fetch(`${baseUrl}${profilePath}`);
  return file.status === 200 && Buffer.from(await file.arrayBuffer()).equals(PICTURE);
}
