// Small tables and settings held in memory and read again after a while: for lookups on every event (who
// has a push subscription, who gets LINE alerts) that most events answer with "nobody", and for an
// organisation's setting read on every delivery.
import type { Executor } from './db';

export type Refreshed<T> = {
  /** The value, read again when older than the time to live. */
  get(ex: Executor): Promise<T>;
  /** Reads again on the next get (this node changed the table). */
  forget(): void;
};

export type RefreshedPerKey<K, T> = {
  /** The key's value, read again when older than the time to live. */
  get(ex: Executor, key: K): Promise<T>;
  /** Reads the key again on its next get (this node changed it). */
  forget(key: K): void;
};

/** `load`'s answer for each key, kept `ttlMs`: a change made on another node is seen within that time. */
export function refreshedPerKey<K, T>(
  ttlMs: number,
  load: (ex: Executor, key: K) => Promise<T>,
): RefreshedPerKey<K, T> {
  const held = new Map<K, { data: T; loadedAt: number }>();
  return {
    async get(ex, key) {
      const now = Date.now();
      const value = held.get(key);
      if (value && now - value.loadedAt <= ttlMs) return value.data;
      const data = await load(ex, key);
      held.set(key, { data, loadedAt: now });
      return data;
    },
    forget(key) {
      held.delete(key);
    },
  };
}

/** `load`'s answer, kept `ttlMs`: a change made on another node is seen within that time. */
export function refreshedEvery<T>(ttlMs: number, load: (ex: Executor) => Promise<T>): Refreshed<T> {
  const one = refreshedPerKey<null, T>(ttlMs, (ex) => load(ex));
  return { get: (ex) => one.get(ex, null), forget: () => one.forget(null) };
}
