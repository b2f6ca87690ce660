// Small file systems of their own for the storage tests (full disk, read-only directory): a tmpfs mount,
// which needs root (the test machines and CI run as root). A read-only directory falls back to chmod when
// not root, which binds every user but root.
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type TestFs = { dir: string; dispose(): Promise<void> };

const isRoot = () => process.getuid?.() === 0;

/** A tmpfs of `sizeMb` (read-only when asked), unmounted by `dispose` (after its users have exited). */
export async function mountTmpfs(opts: { sizeMb: number; readOnly?: boolean }): Promise<TestFs> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-tmpfs-'));
  if (!isRoot()) {
    if (!opts.readOnly) throw new Error('a full-disk test mounts a tmpfs, which needs root');
    await chmod(dir, 0o555);
    return { dir, dispose: () => chmod(dir, 0o755).then(() => rm(dir, { recursive: true, force: true })) };
  }
  const options = `size=${opts.sizeMb}m${opts.readOnly ? ',ro' : ''}`;
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  return {
    dir,
    async dispose() {
      execFileSync('umount', ['--lazy', dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
