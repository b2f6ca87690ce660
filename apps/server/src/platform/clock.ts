// Time is injected so that rules depending on "now" (business hours, days left to respond, token expiry)
// can be tested at any instant without faking the global timers.

/** The source of the current time. */
export type Clock = { now(): Date };

/** The real wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests that only moves when told to. */
export type ManualClock = Clock & { set(at: Date): void; advance(ms: number): void };

/** Creates a ManualClock starting at `start`. */
export function manualClock(start: Date): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
