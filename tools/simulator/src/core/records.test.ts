import { afterEach, describe, expect, it } from 'vitest';
import { LINE, lineApi, startHarness, type Harness } from '../test-support/fixtures';
import type { ApiCall } from './records';

let harness: Harness;
afterEach(() => harness.close());

const profile = (h: Harness) => lineApi(h.sim, `/v2/bot/profile/${LINE.alice}`);

describe('recorded calls', () => {
  it('tells a listener of every call as it is answered, until it unsubscribes', async () => {
    harness = await startHarness();
    const heard: ApiCall[] = [];
    const stop = harness.sim.onCall((call) => heard.push(call));
    await profile(harness);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ platform: 'line', method: 'GET', status: 200 });
    expect(heard[0]!.path).toContain(`/v2/bot/profile/${LINE.alice}`);
    stop();
    await profile(harness);
    expect(heard).toHaveLength(1);
    expect(harness.sim.calls()).toHaveLength(2);
  });

  it('keeps only the latest calls when told how many', async () => {
    harness = await startHarness({ keepRecords: 2 });
    const all: string[] = [];
    harness.sim.onCall((call) => all.push(call.id));
    for (let i = 0; i < 5; i++) await profile(harness);
    const kept = harness.sim.calls().map((c) => c.id);
    // Trimmed past half again the limit: never more than 3, always the latest.
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(kept).toEqual(all.slice(-kept.length));
  });
});
