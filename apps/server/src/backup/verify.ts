// Checking a backup file before it is trusted: a whole archive whose last entry is a manifest naming every
// other entry with its size and SHA-256. Restore runs this first, and `npm run backup` on what it just wrote.
import { ArchiveError, openArchive, type ArchiveEntry, type ArchiveReader } from './archive';
import { MANIFEST_NAME, Manifest, PGLITE_DUMP_NAME, POSTGRES_DUMP_NAME } from './manifest';

export type VerifiedBackup = {
  manifest: Manifest;
  reader: ArchiveReader;
  /** The database dump's entry. */
  dump: ArchiveEntry;
  /** Stored file bodies (`files/<xx>/<id>`). */
  files: ArchiveEntry[];
};

/** Opens and checks the backup at `file`; throws ArchiveError naming what is wrong. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  const reader = await openArchive(file);
  try {
    const last = reader.entries.at(-1);
    if (last?.name !== MANIFEST_NAME)
      throw new ArchiveError(`${file} has no manifest: it is incomplete (the backup did not finish)`);
    const parsed = Manifest.safeParse(JSON.parse((await reader.read(last)).toString('utf8')));
    if (!parsed.success) throw new ArchiveError(`${file} has a manifest this release cannot read`);
    const manifest = parsed.data;
    const content = reader.entries.slice(0, -1);
    if (content.length !== manifest.entries.length)
      throw new ArchiveError(
        `${file} holds ${content.length} entries, its manifest names ${manifest.entries.length}`,
      );
    for (const [i, expected] of manifest.entries.entries()) {
      const entry = content[i]!;
      if (entry.name !== expected.name || entry.size !== expected.size)
        throw new ArchiveError(`${file}: entry ${entry.name} is not the one its manifest names`);
      if ((await reader.sha256(entry)) !== expected.sha256)
        throw new ArchiveError(`${file}: ${entry.name} is damaged (its SHA-256 differs from the manifest's)`);
    }
    const dumpName = manifest.kind === 'pglite' ? PGLITE_DUMP_NAME : POSTGRES_DUMP_NAME;
    const dump = content.find((e) => e.name === dumpName);
    if (!dump) throw new ArchiveError(`${file} holds no database dump (${dumpName})`);
    const files = content.filter((e) => e !== dump);
    return { manifest, reader, dump, files };
  } catch (err) {
    await reader.close();
    throw err instanceof SyntaxError ? new ArchiveError(`${file} has a damaged manifest`) : err;
  }
}
