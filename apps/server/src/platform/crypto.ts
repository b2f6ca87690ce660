// Secrets at rest (channel secrets and access tokens): AES-256-GCM with a random IV per value,
// stored as "v1.<iv>.<tag>.<ciphertext>" in base64url. The key comes from ENCRYPTION_KEY or is generated
// once per installation (platform/secrets).
import { createCipheriv, createDecipheriv, createHash, createSecretKey, randomBytes } from 'node:crypto';

export type Cipher = { encrypt(plain: string): string; decrypt(sealed: string): string };

/**
 * Sealed values opened lately, kept in memory: every delivery and profile lookup opens its channel's token,
 * and opening (a key import and a decipher) was a twentieth of a busy server's CPU. A sealed value always
 * opens to the same text, so what is kept never goes stale.
 */
const OPENED_KEPT = 1000;

/** A cipher over a 32-byte key given as 64 hex characters. */
export function createCipher(hexKey: string): Cipher {
  const raw = Buffer.from(hexKey, 'hex');
  if (raw.length !== 32) throw new Error('encryption key must be 32 bytes (64 hex characters)');
  // Imported once: a raw Buffer is imported again by every cipher made with it.
  const key = createSecretKey(raw);
  const opened = new Map<string, string>();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const kept = opened.get(sealed);
      if (kept !== undefined) return kept;
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      if (opened.size >= OPENED_KEPT) opened.delete(opened.keys().next().value!);
      opened.set(sealed, plain);
      return plain;
    },
  };
}

/** A UUID determined by `name` (SHA-1, version 5 layout): the same name, the same id (an idempotent job). */
export function stableUuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
