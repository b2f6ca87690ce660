// One clock for every countdown on screen (the service level chips of a list of cards): a single interval
// while anything shows the time, stopped when nothing does, instead of a timer per card. Between ticks, one
// shared timeout wakes the readers at the earliest moment one of them asked for (a chip turning amber or
// red), so a colour changes on time rather than up to a tick late.
import { useEffect, useSyncExternalStore } from 'react';

/** How often countdowns move: their text is whole minutes. */
export const TICK_MS = 15_000;

const listeners = new Set<() => void>();
/** The moments readers want to be woken at, by reader. */
const wakeUps = new Map<object, number>();
let now = Date.now();
let interval: ReturnType<typeof setInterval> | undefined;
let wakeTimer: ReturnType<typeof setTimeout> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
  scheduleWakeUp();
}

/** Sets the one timeout to the earliest wake-up before the next tick (later ones wait for a tick). */
function scheduleWakeUp() {
  clearTimeout(wakeTimer);
  wakeTimer = undefined;
  if (!interval) return;
  const at = Math.min(...[...wakeUps.values()].filter((moment) => moment > Date.now()));
  const delay = at - Date.now();
  if (delay <= TICK_MS) wakeTimer = setTimeout(tick, delay + 1);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!interval) {
    interval = setInterval(tick, TICK_MS);
    // Nothing counted while no one watched: start from the present.
    tick();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(interval);
    interval = undefined;
    scheduleWakeUp();
  };
}

/** The time read at the last tick; a first countdown on a screen reads the present. */
function snapshot(): number {
  if (!interval && Date.now() - now >= TICK_MS) now = Date.now();
  return now;
}

/** The current time in milliseconds, renewed every TICK_MS for all its readers at once. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot);
}

/** Renews useNow's time at `at` (epoch ms) too, when it comes before the next tick; null asks nothing. */
export function useWakeUpAt(at: number | null): void {
  useEffect(() => {
    if (at === null) return;
    const reader = {};
    wakeUps.set(reader, at);
    scheduleWakeUp();
    return () => {
      wakeUps.delete(reader);
      scheduleWakeUp();
    };
  }, [at]);
}
