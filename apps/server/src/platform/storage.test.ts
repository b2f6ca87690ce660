import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/db';
import { AppError } from './app-error';
import type { Db } from './db';
import { CHUNK_BYTES, createStorage, limitedChunks, type Storage, type StorageMode } from './storage';

const MiB = 1024 * 1024;

let db: Db;
let dataDir: string;

beforeAll(async () => {
  db = await openTestDb();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-storage-'));
});

afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Splits `buffer` into pieces of `size` bytes, as a network stream would deliver it. */
function streamOf(buffer: Buffer, size = 16 * 1024): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < buffer.length; at += size) pieces.push(buffer.subarray(at, at + size));
  return Readable.from(pieces);
}

/** A source that never ends: only a limit checked while streaming can refuse it. */
function endless(): Readable {
  return Readable.from(
    (function* () {
      for (;;) yield randomBytes(64 * 1024);
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  return Buffer.concat((await stream.toArray()) as Buffer[]);
}

async function rowsNamed(filename: string) {
  return db.query('select id from files where filename = $1', [filename]);
}

async function filesOnDisk(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe.each<StorageMode>(['disk', 'db'])('storage in %s mode', (mode) => {
  let storage: Storage;
  let dir: string;

  beforeAll(() => {
    dir = path.join(dataDir, mode);
    storage = createStorage({ db, dataDir: dir, mode });
  });

  it('stores 1 MiB and gives back the same bytes', async () => {
    const body = randomBytes(MiB);
    const file = await storage.put({
      organizationId: null,
      filename: 'photo.jpg',
      mimeType: 'image/jpeg',
      stream: streamOf(body, 10_000),
      maxBytes: MiB,
    });

    expect(file).toMatchObject({ filename: 'photo.jpg', mimeType: 'image/jpeg', size: MiB, storage: mode });
    expect(file.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    if (mode === 'db') {
      const chunks = await db.query<{ seq: number; bytes: number }>(
        'select seq, length(data) as bytes from file_chunks where file_id = $1 order by seq',
        [file.id],
      );
      expect(chunks).toEqual([0, 1, 2, 3].map((seq) => ({ seq, bytes: CHUNK_BYTES })));
    }

    const opened = await storage.open(file.id);
    expect(opened?.file).toEqual(file);
    expect((await readAll(opened!.stream)).equals(body)).toBe(true);
  });

  it('keeps a body that arrives in one piece, a body of one chunk, and an empty one', async () => {
    for (const body of [randomBytes(CHUNK_BYTES * 2 + 123), randomBytes(5000), Buffer.alloc(0)]) {
      const file = await storage.put({
        organizationId: null,
        filename: 'a.bin',
        mimeType: 'application/octet-stream',
        stream: Readable.from([body]),
        maxBytes: MiB,
      });
      expect(file.size).toBe(body.length);
      expect((await readAll((await storage.open(file.id))!.stream)).equals(body)).toBe(true);
      if (mode === 'db')
        expect(await db.query('select seq from file_chunks where file_id = $1', [file.id])).toHaveLength(
          Math.ceil(body.length / CHUNK_BYTES),
        );
    }
  });

  it('refuses a stream beyond maxBytes with 413 and keeps no row, chunk or file', async () => {
    const filename = `too-big-${randomUUID()}.bin`;
    const before = await filesOnDisk(dir);
    for (const stream of [streamOf(randomBytes(MiB + 1)), endless()]) {
      const put = storage.put({
        organizationId: null,
        filename,
        mimeType: 'application/octet-stream',
        stream,
        maxBytes: MiB,
      });
      await expect(put).rejects.toSatisfy(
        (err) => err instanceof AppError && err.status === 413 && err.code === 'file.too_large',
      );
      expect(stream.destroyed).toBe(true);
    }

    expect(await rowsNamed(filename)).toEqual([]);
    expect(
      await db.query('select 1 from file_chunks c left join files f on f.id = c.file_id where f.id is null'),
    ).toEqual([]);
    expect(await filesOnDisk(dir)).toEqual(before);
  });

  it('accepts exactly maxBytes', async () => {
    const file = await storage.put({
      organizationId: null,
      filename: 'edge.bin',
      mimeType: 'application/octet-stream',
      stream: streamOf(randomBytes(1000), 7),
      maxBytes: 1000,
    });
    expect(file.size).toBe(1000);
  });

  it('removes a file with its bytes, and knows nothing of unknown or malformed ids', async () => {
    const file = await storage.put({
      organizationId: null,
      filename: 'gone.txt',
      mimeType: 'text/plain',
      stream: streamOf(Buffer.from('bye')),
      maxBytes: 100,
    });

    await storage.remove(file.id);

    expect(await storage.open(file.id)).toBeNull();
    expect(await db.query('select 1 from file_chunks where file_id = $1', [file.id])).toEqual([]);
    expect((await filesOnDisk(dir)).filter((name) => name.startsWith(file.id))).toEqual([]);
    expect(await storage.open('x'.repeat(32))).toBeNull();
    expect(await storage.open('../../../../etc/passwd')).toBeNull();
    await expect(storage.remove('x'.repeat(32))).resolves.toBeUndefined();
  });
});

describe('storage while a backup holds removals', () => {
  it("keeps a removed file's body on disk until the last hold is released", async () => {
    const dir = path.join(dataDir, 'held');
    const storage = createStorage({ db, dataDir: dir, mode: 'disk' });
    const file = await storage.put({
      organizationId: null,
      filename: 'held.txt',
      mimeType: 'text/plain',
      stream: streamOf(Buffer.from('copied by a backup')),
      maxBytes: 100,
    });
    const first = storage.holdRemovals();
    const second = storage.holdRemovals();

    await storage.remove(file.id);
    expect(await storage.open(file.id)).toBeNull();
    expect(await filesOnDisk(dir)).toContain(file.id);
    await first();
    await first(); // releasing twice counts once
    expect(await filesOnDisk(dir)).toContain(file.id);
    await second();
    expect(await filesOnDisk(dir)).not.toContain(file.id);
  });
});

describe('storage across modes', () => {
  it('reads a file where its row says it is, whatever the current mode', async () => {
    const dir = path.join(dataDir, 'mixed');
    const onDisk = await createStorage({ db, dataDir: dir, mode: 'disk' }).put({
      organizationId: null,
      filename: 'old.txt',
      mimeType: 'text/plain',
      stream: streamOf(Buffer.from('written before the switch')),
      maxBytes: 100,
    });
    const opened = await createStorage({ db, dataDir: dir, mode: 'db' }).open(onDisk.id);
    expect((await readAll(opened!.stream)).toString()).toBe('written before the switch');
  });
});

describe('limitedChunks', () => {
  it('re-cuts any piece sizes into full chunks and a shorter last one', async () => {
    const body = randomBytes(CHUNK_BYTES * 3 + 5);
    const sizes: number[] = [];
    const out: Buffer[] = [];
    for await (const chunk of limitedChunks(streamOf(body, 100_003), body.length)) {
      sizes.push(chunk.length);
      out.push(chunk);
    }
    expect(sizes).toEqual([CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, 5]);
    expect(Buffer.concat(out).equals(body)).toBe(true);
  });
});
