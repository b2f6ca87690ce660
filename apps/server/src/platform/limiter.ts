/**
 * At most `max()` of the functions given to `run` at once in this process; the rest wait their turn, first
 * come first served. `max` is asked again whenever a slot frees or a waiter's `recheckMs` passes, so the
 * limit may change with the load. For work that holds little while it waits (a model's answer) but costs
 * the database when it starts and ends.
 */
export function createLimiter(max: () => number, recheckMs = 200) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const admit = () => {
    while (waiting.length > 0 && running < max()) {
      running += 1;
      waiting.shift()!();
    }
  };
  // While some wait, the limit is looked at again now and then: it may have risen with nothing ending.
  let timer: NodeJS.Timeout | null = null;
  const watch = () => {
    if (timer || waiting.length === 0) return;
    timer = setInterval(() => {
      admit();
      if (waiting.length === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    }, recheckMs);
    timer.unref();
  };
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      admit();
      watch();
    });
    try {
      return await fn();
    } finally {
      running -= 1;
      admit();
    }
  };
}
