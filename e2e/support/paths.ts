import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (the e2e folder's parent). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const webDist = join(repoRoot, 'apps/web/dist');
/** Screenshots and logs (git-ignored). */
export const artifactsDir = join(repoRoot, 'e2e/artifacts');
