// One storage for every file (avatars, attachments, media from LINE and Meta; docs/architecture.md,
// "Files"). The embedded default keeps bodies on disk; server mode keeps them in PostgreSQL as 256 KiB chunks
// so every node sees every file without a shared disk. Either way the `files` row is the record (reached only
// by expiring signed links: file-links.ts), and the size limit is enforced while the bytes stream in.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open as openFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import { fileChunks, files } from '../db/schema';
import { AppError } from './app-error';
import type { Db } from './db';

/** Bytes per `file_chunks` row, and per write on disk. */
export const CHUNK_BYTES = 256 * 1024;

export type StoredFile = typeof files.$inferSelect;
export type StorageMode = StoredFile['storage'];

export type PutFile = {
  organizationId: string | null;
  filename: string;
  mimeType: string;
  stream: Readable;
  /** Refused with 413 `file.too_large` as soon as more than this arrives. */
  maxBytes: number;
};

export interface Storage {
  /** Stores the stream and returns its `files` row; on any failure (size included) nothing is kept. */
  put(file: PutFile): Promise<StoredFile>;
  /** The file and a stream of its bytes, or null when the id is unknown (or malformed). */
  open(id: string): Promise<{ file: StoredFile; stream: Readable } | null>;
  /** Deletes the file and its bytes; unknown ids are ignored. */
  remove(id: string): Promise<void>;
  /**
   * While held, a removed file's body stays on disk (its row goes at once): a backup copying the bodies
   * of the rows it dumped finds them all. The returned release unlinks what was kept once no hold is left.
   */
  holdRemovals(): () => Promise<void>;
}

export type StorageOptions = {
  db: Db;
  /** Where 'disk' mode keeps bodies (the app passes `${DATA_DIR}/files`). */
  dataDir: string;
  /** Where new files go; existing files are read wherever their row says they are. */
  mode: StorageMode;
};

const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Creates the storage; `mode` decides where new bodies go. */
export function createStorage(opts: StorageOptions): Storage {
  const { db, dataDir, mode } = opts;
  // Two levels of fan-out keep directories small; the id alphabet is path-safe (checked before any use).
  const diskPath = (id: string) => path.join(dataDir, id.slice(0, 2), id);
  let holds = 0;
  const keptBodies: string[] = [];

  async function unlinkBody(id: string) {
    try {
      await unlink(diskPath(id));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async function putOnDisk(id: string, file: PutFile): Promise<StoredFile> {
    const target = diskPath(id);
    const partial = `${target}.partial`;
    await mkdir(path.dirname(target), { recursive: true });
    let size = 0;
    try {
      await pipeline(
        async function* () {
          for await (const chunk of limitedChunks(file.stream, file.maxBytes)) {
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(partial, { flags: 'wx' }),
      );
      // The body is in place before the row exists, so a row never points at a missing or partial body.
      await rename(partial, target);
    } catch (err) {
      await unlink(partial).catch(() => undefined);
      throw err;
    }
    try {
      const [row] = await db.orm
        .insert(files)
        .values({ ...metadata(id, file), size, storage: 'disk' })
        .returning();
      return row!;
    } catch (err) {
      await unlink(target).catch(() => undefined);
      throw err;
    }
  }

  // A body of one chunk (most pictures and voice notes) goes in with its row in one statement. A longer one
  // takes a transaction: a refused or broken stream rolls back the row and every chunk, and a crash leaves
  // nothing behind. It holds one pooled connection for the upload's duration, so request timeouts bound
  // it; this mode is meant for PostgreSQL, where the pool has more than PGlite's one connection.
  async function putInDb(id: string, file: PutFile): Promise<StoredFile> {
    const chunks = limitedChunks(file.stream, file.maxBytes)[Symbol.asyncIterator]();
    const first = await chunks.next();
    if (first.done) return insertWhole(id, file, Buffer.alloc(0));
    const second = await chunks.next();
    if (second.done) return insertWhole(id, file, first.value);
    try {
      return await db.orm.transaction(async (tx) => {
        await tx.insert(files).values({ ...metadata(id, file), size: 0, storage: 'db' });
        let size = 0;
        let seq = 0;
        const store = async (data: Buffer) => {
          await tx.insert(fileChunks).values({ fileId: id, seq: seq++, data });
          size += data.length;
        };
        await store(first.value);
        await store(second.value);
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) await store(next.value);
        const [row] = await tx.update(files).set({ size }).where(eq(files.id, id)).returning();
        return row!;
      });
    } finally {
      // Stops reading a stream left unread by a failure (a no-op once it was read to its end).
      await chunks.return?.();
    }
  }

  /** The row and its single chunk (none for an empty body) in one statement. */
  async function insertWhole(id: string, file: PutFile, body: Buffer): Promise<StoredFile> {
    const chunk = db.orm
      .$with('chunk', {})
      .as(
        sql`INSERT INTO ${fileChunks} (file_id, seq, data) SELECT ${id}, 0, ${body}::bytea WHERE ${body.length} > 0`,
      );
    const [row] = await db.orm
      .with(chunk)
      .insert(files)
      .values({ ...metadata(id, file), size: body.length, storage: 'db' })
      .returning();
    return row!;
  }

  async function openOnDisk(file: StoredFile): Promise<Readable | null> {
    try {
      const handle = await openFile(diskPath(file.id), 'r');
      return handle.createReadStream();
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  // Chunks are read one query at a time, so a large download holds neither a connection nor more than one
  // chunk of memory while the client is slow.
  function openInDb(file: StoredFile): Readable {
    async function* chunks() {
      let sent = 0;
      for (let seq = 0; sent < file.size; seq++) {
        const [chunk] = await db.orm
          .select({ data: fileChunks.data })
          .from(fileChunks)
          .where(and(eq(fileChunks.fileId, file.id), eq(fileChunks.seq, seq)));
        if (!chunk) throw new Error(`file ${file.id} lost chunk ${seq} (removed while being read?)`);
        sent += chunk.data.length;
        yield chunk.data;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  return {
    async put(file) {
      const id = randomBytes(24).toString('base64url');
      return mode === 'disk' ? putOnDisk(id, file) : putInDb(id, file);
    },

    async open(id) {
      if (!ID_PATTERN.test(id)) return null;
      const [file] = await db.orm.select().from(files).where(eq(files.id, id));
      if (!file) return null;
      const stream = file.storage === 'disk' ? await openOnDisk(file) : openInDb(file);
      return stream ? { file, stream } : null;
    },

    async remove(id) {
      if (!ID_PATTERN.test(id)) return;
      // Chunks go with the row (on delete cascade); a disk body is unlinked after, so a failure in between
      // leaves an orphan body, never a row without one.
      const [removed] = await db.orm
        .delete(files)
        .where(eq(files.id, id))
        .returning({ storage: files.storage });
      if (removed?.storage !== 'disk') return;
      if (holds > 0) keptBodies.push(id);
      else await unlinkBody(id);
    },

    holdRemovals() {
      holds++;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        if (--holds > 0) return;
        for (const id of keptBodies.splice(0)) await unlinkBody(id);
      };
    },
  };
}

function metadata(id: string, file: PutFile) {
  return { id, organizationId: file.organizationId, filename: file.filename, mimeType: file.mimeType };
}

/**
 * Re-cuts a byte stream into CHUNK_BYTES pieces (the last one shorter), counting as it goes and throwing
 * 413 `file.too_large` the moment the total passes `maxBytes`; leaving the loop destroys the source, so a
 * refused upload stops being read.
 */
export async function* limitedChunks(source: AsyncIterable<Buffer | string>, maxBytes: number) {
  let total = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    const buffer = typeof piece === 'string' ? Buffer.from(piece) : piece;
    total += buffer.length;
    if (total > maxBytes) throw new AppError(413, 'file.too_large');
    pending.push(buffer);
    pendingBytes += buffer.length;
    while (pendingBytes >= CHUNK_BYTES) {
      const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(CHUNK_BYTES);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

function isMissing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT';
}
