// API fault injection: the next n matching calls fail with a status or hang (channels.md F, "inject faults").
import type { Platform } from './records';

/** A status to answer with, or `'timeout'`: hold the request without answering. */
export type ApiFault = { status: number } | 'timeout';

interface PendingFault {
  platform: Platform;
  remaining: number;
  fault: ApiFault;
  pathIncludes: string | null;
}

/** Queue of pending API faults, consumed in order of registration. */
export class FaultQueue {
  private pending: PendingFault[] = [];

  add(platform: Platform, count: number, fault: ApiFault, pathIncludes?: string): void {
    if (count > 0)
      this.pending.push({ platform, remaining: count, fault, pathIncludes: pathIncludes ?? null });
  }

  /** The fault to apply to this call, if any (and counts it down). */
  take(platform: Platform, path: string): ApiFault | null {
    const match = this.pending.find(
      (p) => p.platform === platform && (p.pathIncludes === null || path.includes(p.pathIncludes)),
    );
    if (!match) return null;
    match.remaining -= 1;
    if (match.remaining <= 0) this.pending = this.pending.filter((p) => p !== match);
    return match.fault;
  }

  clear(): void {
    this.pending = [];
  }
}
