// The backup file: a plain POSIX tar (ustar), so an operator can list and unpack it with `tar`. Entries are
// written one after another to any stream (a file, or the backup socket of a running server) with the
// SHA-256 of each; the manifest goes last and names them, so a truncated file has no manifest and a damaged
// one fails its checksums. Names stay within ustar's 100 bytes (ours are short), sizes beyond 8 GiB use
// the GNU base-256 form that GNU tar and bsdtar read.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

export type EntryDigest = { name: string; size: number; sha256: string };

/** Writes `chunk`, waiting while the stream's buffer is full (a slow socket, a slow disk). */
async function writeChunk(out: Writable, chunk: Buffer) {
  if (out.destroyed) throw new Error('the backup stream was closed');
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', done);
      out.off('close', closed);
      out.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const closed = () => done(new Error('the backup stream was closed'));
    out.on('drain', done).on('close', closed).on('error', done);
  });
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`archive entry name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  if (size <= MAX_OCTAL_SIZE) h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  else {
    h[124] = 0x80;
    h.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  const seconds = Math.floor(mtime.getTime() / 1000);
  h.write(`${seconds.toString(8).padStart(11, '0')}\0`, 136, 'ascii');
  h.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write('sabai', 265, 'ascii');
  h.write('sabai', 297, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Sequential writer of one archive onto `out` (which it never ends: the caller does). */
export function createArchiveWriter(out: Writable) {
  const digests: EntryDigest[] = [];
  const now = new Date();
  return {
    digests,
    /** Adds an entry holding `data`. */
    async addBuffer(name: string, data: Buffer) {
      await writeChunk(out, header(name, data.length, now));
      await writeChunk(out, data);
      await writeChunk(out, padding(data.length));
      digests.push({ name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    },
    /**
     * Adds an entry holding the file at `file` as it is when opened (a body unlinked meanwhile is still read
     * whole); false when there is no such file any more.
     */
    async addFile(name: string, file: string): Promise<boolean> {
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
      try {
        const { size, mtime } = await handle.stat();
        await writeChunk(out, header(name, size, mtime));
        const hash = createHash('sha256');
        let written = 0;
        for await (const chunk of handle.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
          const piece = written + chunk.length > size ? chunk.subarray(0, size - written) : chunk;
          written += piece.length;
          hash.update(piece);
          await writeChunk(out, piece);
          if (written === size) break;
        }
        if (written !== size) throw new Error(`${file} shrank while it was archived`);
        await writeChunk(out, padding(size));
        digests.push({ name, size, sha256: hash.digest('hex') });
        return true;
      } finally {
        await handle.close();
      }
    },
    /** The end-of-archive marker: two zero blocks. */
    async finish() {
      await writeChunk(out, Buffer.alloc(2 * BLOCK));
    },
  };
}

export type ArchiveEntry = { name: string; size: number; offset: number };

/** A backup file opened for reading: its entries in order, and their bytes on demand. */
export type ArchiveReader = {
  entries: ArchiveEntry[];
  read(entry: ArchiveEntry): Promise<Buffer>;
  stream(entry: ArchiveEntry): NodeJS.ReadableStream;
  sha256(entry: ArchiveEntry): Promise<string>;
  close(): Promise<void>;
};

/** Not a backup this code wrote, or a damaged or truncated one. */
export class ArchiveError extends Error {}

function parseSize(field: Buffer): number {
  if (field[0]! & 0x80) return Number(field.readBigUInt64BE(4));
  return parseInt(field.toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
}

function checksumOk(h: Buffer): boolean {
  const stored = parseInt(h.subarray(148, 156).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  return sum === stored;
}

/** Reads the table of entries of the archive at `file`; throws ArchiveError when it is not a whole one. */
export async function openArchive(file: string): Promise<ArchiveReader> {
  const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? new ArchiveError(`${file} does not exist`) : err;
  });
  try {
    const entries = await readEntries(handle, file);
    const stream = (entry: ArchiveEntry): NodeJS.ReadableStream =>
      entry.size === 0
        ? Readable.from([])
        : createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
    return {
      entries,
      async read(entry) {
        const buffer = Buffer.alloc(entry.size);
        for (let done = 0; done < entry.size;) {
          const { bytesRead } = await handle.read(buffer, done, entry.size - done, entry.offset + done);
          if (bytesRead === 0) throw new ArchiveError(`${file} ends inside ${entry.name}`);
          done += bytesRead;
        }
        return buffer;
      },
      stream,
      async sha256(entry) {
        const hash = createHash('sha256');
        for await (const chunk of stream(entry) as AsyncIterable<Buffer>) hash.update(chunk);
        return hash.digest('hex');
      },
      close: () => handle.close(),
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

async function readEntries(handle: FileHandle, file: string): Promise<ArchiveEntry[]> {
  const { size: total } = await handle.stat();
  const entries: ArchiveEntry[] = [];
  const h = Buffer.alloc(BLOCK);
  for (let offset = 0; ;) {
    if (offset + BLOCK > total) throw new ArchiveError(`${file} is truncated (no end-of-archive marker)`);
    await handle.read(h, 0, BLOCK, offset);
    if (h.every((b) => b === 0)) return entries;
    if (!checksumOk(h)) throw new ArchiveError(`${file} is not a backup archive (bad header at ${offset})`);
    const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseSize(h.subarray(124, 136));
    const type = String.fromCharCode(h[156]!);
    if (type === '0' || type === '\0') entries.push({ name, size, offset: offset + BLOCK });
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (offset > total) throw new ArchiveError(`${file} is truncated (ends inside ${name})`);
  }
}
