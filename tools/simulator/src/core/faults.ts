// API fault injection (tools/simulator/README.md, "Programmatic API"): the next n matching calls fail with a
// status, hang, or answer late; and standing conditions (latency, a share of errors) that every matching call
// meets.
import type { Platform } from './records';

/** Whom faults are injected into: the LINE and Graph fakes, and the model endpoint. */
export type Provider = Platform | 'ai';

/**
 * A status to answer with; `'timeout'`: hold the request without answering; `{ delayMs }`: answer normally,
 * that much later (a provider that hangs for a while).
 */
export type ApiFault = { status: number } | 'timeout' | { delayMs: number };

/** A status fault as the area renders it; `retryAfterSeconds` becomes a `retry-after` header. */
export type StatusFault = { status: number; retryAfterSeconds?: number };

/**
 * Faults of the model endpoint: those of `ApiFault`, a status that says when to retry, and two that only a
 * streamed answer meets: a pause before every event after the first, and the connection cut after
 * `cutAfterChunks` events (no `[DONE]`).
 */
export type AiFault = ApiFault | StatusFault | { chunkDelayMs: number } | { cutAfterChunks: number };

/** How a provider behaves on every call: a random latency in [min, max] ms, and `errorRate` of calls a 500. */
export type ApiConditions = {
  latencyMs?: { min: number; max: number };
  /** 0–1: the share of calls answered with a 500. */
  errorRate?: number;
  /** Only calls whose path contains this. */
  pathIncludes?: string;
};

interface PendingFault {
  provider: Provider;
  remaining: number;
  fault: AiFault;
  pathIncludes: string | null;
}

/** Queue of pending API faults, consumed in order of registration, and each provider's conditions. */
export class FaultQueue {
  private pending: PendingFault[] = [];
  private conditions = new Map<Provider, ApiConditions>();

  /** `count` may be `Infinity`: the fault then stays until cleared. */
  add(platform: Platform, count: number, fault: ApiFault, pathIncludes?: string): void;
  add(provider: 'ai', count: number, fault: AiFault, pathIncludes?: string): void;
  add(provider: Provider, count: number, fault: AiFault, pathIncludes?: string): void {
    if (count > 0)
      this.pending.push({ provider, remaining: count, fault, pathIncludes: pathIncludes ?? null });
  }

  /** The fault to apply to this call, if any (and counts it down). */
  take(provider: Provider, path: string): AiFault | null {
    const match = this.pending.find(
      (p) => p.provider === provider && (p.pathIncludes === null || path.includes(p.pathIncludes)),
    );
    if (!match) return null;
    match.remaining -= 1;
    if (match.remaining <= 0) this.pending = this.pending.filter((p) => p !== match);
    return match.fault;
  }

  /** Replaces the provider's conditions (an empty object: none). */
  setConditions(provider: Provider, conditions: ApiConditions): void {
    this.conditions.set(provider, conditions);
  }

  /** What this call meets under the provider's conditions: a delay, and whether it fails. */
  draw(provider: Provider, path: string): { delayMs: number; fails: boolean } {
    const c = this.conditions.get(provider);
    if (!c || (c.pathIncludes !== undefined && !path.includes(c.pathIncludes)))
      return { delayMs: 0, fails: false };
    const { min, max } = c.latencyMs ?? { min: 0, max: 0 };
    return {
      delayMs: min + Math.random() * Math.max(0, max - min),
      fails: Math.random() < (c.errorRate ?? 0),
    };
  }

  /** Forgets the provider's pending faults (its conditions stay). */
  clearPending(provider: Provider): void {
    this.pending = this.pending.filter((p) => p.provider !== provider);
  }

  clear(): void {
    this.pending = [];
    this.conditions.clear();
  }
}
