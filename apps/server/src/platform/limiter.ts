/**
 * At most `max` of the functions given to `run` at once in this process; the rest wait their turn, first come
 * first served. For work that holds little while it waits (a model's answer) but costs the database when it
 * starts and ends.
 */
export function createLimiter(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next in line (running stays the same), or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
