// The backup file is a plain tar: GNU tar lists and unpacks what the writer makes, and the reader finds
// every entry back (sizes on block boundaries and empty entries included) or names what is wrong.
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveError, createArchiveWriter, openArchive } from './archive';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-archive-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const contents = {
  'database/dump.bin': Buffer.alloc(1024, 7), // exactly two blocks
  'files/ab/abcdefghijklmnopqrstuvwxyz012345': Buffer.from('a stored body'),
  'empty.txt': Buffer.alloc(0),
};

async function writeArchive(file: string) {
  const out = createWriteStream(file);
  const archive = createArchiveWriter(out);
  const onDisk = path.join(dir, 'body');
  await writeFile(onDisk, contents['files/ab/abcdefghijklmnopqrstuvwxyz012345']);
  await archive.addBuffer('database/dump.bin', contents['database/dump.bin']);
  expect(await archive.addFile('files/ab/abcdefghijklmnopqrstuvwxyz012345', onDisk)).toBe(true);
  expect(await archive.addFile('files/zz/gone', path.join(dir, 'no-such-file'))).toBe(false);
  await archive.addBuffer('empty.txt', contents['empty.txt']);
  await archive.finish();
  out.end();
  await finished(out);
  return archive.digests;
}

describe('the backup archive', () => {
  it('is a tar that GNU tar lists and unpacks, and the reader reads back', async () => {
    const file = path.join(dir, 'a.tar');
    const digests = await writeArchive(file);
    expect(digests.map((d) => d.name)).toEqual(Object.keys(contents));

    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(
      Object.keys(contents),
    );
    const out = path.join(dir, 'unpacked');
    await mkdir(out);
    execFileSync('tar', ['-xf', file, '-C', out]);
    for (const [name, data] of Object.entries(contents))
      expect((await readFile(path.join(out, name))).equals(data)).toBe(true);

    const reader = await openArchive(file);
    try {
      expect(reader.entries.map((e) => [e.name, e.size])).toEqual(
        Object.entries(contents).map(([name, data]) => [name, data.length]),
      );
      for (const [i, entry] of reader.entries.entries()) {
        expect((await reader.read(entry)).equals(Object.values(contents)[i]!)).toBe(true);
        expect(await reader.sha256(entry)).toBe(digests[i]!.sha256);
      }
    } finally {
      await reader.close();
    }
  });

  it('names a truncated file and one that is no archive', async () => {
    const file = path.join(dir, 'cut.tar');
    await writeArchive(file);
    await truncate(file, 1024 + 100);
    await expect(openArchive(file)).rejects.toThrow(ArchiveError);
    await expect(openArchive(file)).rejects.toThrow(/truncated/);

    const text = path.join(dir, 'notes.tar');
    await writeFile(text, 'x'.repeat(2048));
    await expect(openArchive(text)).rejects.toThrow(/is not a backup archive/);
  });
});
