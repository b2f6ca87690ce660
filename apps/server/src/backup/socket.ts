// How `npm run backup` gets a consistent backup of an embedded database that a running server holds (only
// one process may open it: platform/data-dir-lock.ts). The server listens on a Unix socket inside DATA_DIR,
// readable and writable by its own user only: whoever may connect may already read DATA_DIR, and nothing
// is reachable from the network. The client writes one line, `backup`; the server answers with the archive
// and closes. A failure closes the connection early, which leaves the archive without its manifest.
import { chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../platform/logger';

const REQUEST = 'backup';
const REQUEST_TIMEOUT_MS = 5000;
/** Unix socket paths are limited to 108 bytes on Linux (104 on macOS). */
const MAX_SOCKET_PATH = 100;

/** The socket of the server holding `dataDir`, or null when its path is too long for a socket. */
export function backupSocketPath(dataDir: string): string | null {
  const file = path.join(dataDir, 'backup.sock');
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : null;
}

export type BackupSocket = { close(): Promise<void> };

/**
 * Serves backups of the embedded database under `dataDir` to local clients; the caller holds the data
 * directory's lock, so a socket file left there belongs to a previous life of this installation.
 */
export async function serveBackups(opts: {
  dataDir: string;
  produce(out: Writable): Promise<unknown>;
  logger: Logger;
}): Promise<BackupSocket | null> {
  const file = backupSocketPath(opts.dataDir);
  if (!file) {
    opts.logger.warn(
      { dataDir: opts.dataDir },
      'backup socket not opened: DATA_DIR is too long a path for a Unix socket; back up a stopped server',
    );
    return null;
  }
  const running = new Set<Socket>();
  const server = createServer((conn) => {
    running.add(conn);
    conn.once('close', () => running.delete(conn));
    conn.on('error', () => undefined); // the client went away: the backup stops at its next write
    // A client that connects and asks nothing is let go.
    conn.setTimeout(REQUEST_TIMEOUT_MS, () => conn.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n') && request.length < 64) return;
      conn.off('data', onData);
      conn.setTimeout(0);
      if (request.split('\n')[0] !== REQUEST) return void conn.destroy();
      opts.logger.info('backup requested over the backup socket');
      opts.produce(conn).then(
        () => {
          opts.logger.info('backup written to the backup socket');
          conn.end();
        },
        (err: unknown) => {
          opts.logger.error({ err }, 'backup failed');
          conn.destroy();
        },
      );
    };
    conn.on('data', onData);
  });
  await unlink(file).catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(file, 0o600);
  return {
    async close() {
      for (const conn of running) conn.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Asks the server holding `dataDir` for a backup and writes it onto `out`: 'no-server' when none listens
 * (the caller then opens the database itself), 'received' once the server has closed the connection.
 */
export async function requestBackup(dataDir: string, out: Writable): Promise<'no-server' | 'received'> {
  const file = backupSocketPath(dataDir);
  if (!file) return 'no-server';
  const conn = await new Promise<Socket | null>((resolve, reject) => {
    const socket = connect(file);
    socket.once('connect', () => {
      socket.off('error', failed);
      resolve(socket);
    });
    // No socket, or one left by a server that was killed: nobody is listening.
    const failed = (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
        ? resolve(null)
        : reject(
            new Error(
              `Cannot open the backup socket ${file} (${err.code ?? err.message}): run this as the user the ` +
                'server runs as.',
            ),
          );
    socket.once('error', failed);
  });
  if (!conn) return 'no-server';
  conn.write(`${REQUEST}\n`);
  try {
    await pipeline(conn, out);
  } catch (err) {
    throw new Error(`The server stopped sending the backup (${String(err)}): see its log.`);
  }
  return 'received';
}
