// A fake CDN for attachment, story and profile-picture URLs. Meta's CDN links expire (C.6, D.2, D.4), so each
// blob may carry an expiry on the simulated clock; afterwards the URL answers 403 like an expired fbcdn link.
import { randomToken } from './ids';

interface Blob {
  bytes: Buffer;
  contentType: string;
  expiresAt: number | null;
}

/** In-memory blobs served at `/__cdn/{id}`. */
export class CdnStore {
  private blobs = new Map<string, Blob>();

  /** Stores bytes and returns the path (with an `oe` expiry hint like fbcdn URLs) to append to the origin. */
  put(bytes: Buffer, contentType: string, expiresAt: number | null): string {
    const id = randomToken(12);
    this.blobs.set(id, { bytes, contentType, expiresAt });
    const hint =
      expiresAt === null
        ? ''
        : `?oe=${Math.floor(expiresAt / 1000)
            .toString(16)
            .toUpperCase()}`;
    return `/__cdn/${id}${hint}`;
  }

  /** The blob, `'expired'`, or undefined when unknown. */
  get(id: string, now: number): Blob | 'expired' | undefined {
    const blob = this.blobs.get(id);
    if (!blob) return undefined;
    return blob.expiresAt !== null && now > blob.expiresAt ? 'expired' : blob;
  }

  clear(): void {
    this.blobs.clear();
  }
}
