import { SimulatorError } from './errors';

/**
 * The simulator's time: the injected `now()` plus an offset that only `advance(ms)` moves, so tests can
 * jump past reply-token expiry and messaging windows without waiting.
 */
export class Clock {
  private offsetMs = 0;

  constructor(private readonly baseNow: () => number) {}

  /** Milliseconds since the epoch, as the simulated platforms see it. */
  now(): number {
    return this.baseNow() + this.offsetMs;
  }

  /** Moves simulated time forward; returns the new `now()`. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0)
      throw new SimulatorError('invalid_argument', 'advance(ms) needs a number >= 0');
    this.offsetMs += ms;
    return this.now();
  }

  /** How far simulated time is ahead of the base clock. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Back to the base clock (used by reset). */
  rewind(): void {
    this.offsetMs = 0;
  }
}
