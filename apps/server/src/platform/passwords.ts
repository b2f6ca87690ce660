// argon2id, tuned so one verification takes ~50–150 ms on the 2-core target machine (bench/login):
// slow enough to make offline guessing expensive, fast enough for a login burst at 9 a.m.
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 65536, timeCost: 3, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified when the account does not exist, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;

/** Verifies a password against a stored hash (or a dummy one when there is none). */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password-for-timing-1');
  const target = storedHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && storedHash !== null;
}
