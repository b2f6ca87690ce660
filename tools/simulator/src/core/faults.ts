// API fault injection (tools/simulator/README.md, "Programmatic API"): the next n matching calls fail with a
// status, hang, or answer late; and standing conditions (latency, a share of errors) that every matching call
// meets.
import type { Platform } from './records';

/**
 * A status to answer with; `'timeout'`: hold the request without answering; `{ delayMs }`: answer normally,
 * that much later (a provider that hangs for a while).
 */
export type ApiFault = { status: number } | 'timeout' | { delayMs: number };

/** How a provider behaves on every call: a random latency in [min, max] ms, and `errorRate` of calls a 500. */
export type ApiConditions = {
  latencyMs?: { min: number; max: number };
  /** 0–1: the share of calls answered with a 500. */
  errorRate?: number;
  /** Only calls whose path contains this. */
  pathIncludes?: string;
};

interface PendingFault {
  platform: Platform;
  remaining: number;
  fault: ApiFault;
  pathIncludes: string | null;
}

/** Queue of pending API faults, consumed in order of registration, and each platform's conditions. */
export class FaultQueue {
  private pending: PendingFault[] = [];
  private conditions = new Map<Platform, ApiConditions>();

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

  /** Replaces the platform's conditions (an empty object: none). */
  setConditions(platform: Platform, conditions: ApiConditions): void {
    this.conditions.set(platform, conditions);
  }

  /** What this call meets under the platform's conditions: a delay, and whether it fails. */
  draw(platform: Platform, path: string): { delayMs: number; fails: boolean } {
    const c = this.conditions.get(platform);
    if (!c || (c.pathIncludes !== undefined && !path.includes(c.pathIncludes)))
      return { delayMs: 0, fails: false };
    const { min, max } = c.latencyMs ?? { min: 0, max: 0 };
    return {
      delayMs: min + Math.random() * Math.max(0, max - min),
      fails: Math.random() < (c.errorRate ?? 0),
    };
  }

  clear(): void {
    this.pending = [];
    this.conditions.clear();
  }
}
