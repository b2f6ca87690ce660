import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createLimiter', () => {
  it('runs at most max at once, in the order given, and passes results and errors through', async () => {
    const run = createLimiter(() => 2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      run(async () => {
        started.push(i);
        now += 1;
        most = Math.max(most, now);
        await tick();
        now -= 1;
        if (i === 3) throw new Error('three');
        return i * 10;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(task));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'three',
      40,
      50,
      60,
    ]);
    // Every slot came back: a new batch runs two at once again.
    now = 0;
    most = 0;
    await Promise.all([7, 8, 9].map(task));
    expect(most).toBe(2);
  });

  it('follows a limit that changes: fewer at once while it is low, more as soon as it rises', async () => {
    let limit = 1;
    const run = createLimiter(() => limit, 10);
    let now = 0;
    let most = 0;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const task = () =>
      run(async () => {
        now += 1;
        most = Math.max(most, now);
        await held;
        now -= 1;
      });
    const all = Promise.all([task(), task(), task()]);
    await tick();
    expect(now).toBe(1);
    // Raised with nothing ended: the waiting ones start at the next look.
    limit = 3;
    await expect.poll(() => now).toBe(3);
    release();
    await all;
    expect(most).toBe(3);
  });
});
