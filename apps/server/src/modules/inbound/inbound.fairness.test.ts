// Processing under steady traffic and slow providers (issue 14 items 4 and 5): webhooks arriving all the
// time must not starve processing (each acknowledged message is stored within 1 s), and a provider that
// hangs for one customer must not hold up another customer's message.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { contactIdentities, contacts, issues, messages } from '../../db/schema';
import type { DomainEvent } from '../../platform/events';

let h: ChannelHarness;
const published: DomainEvent[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  // A short provider timeout keeps the hung lookup's retry within the test's time.
  h = await startChannelHarness({ PROVIDER_TIMEOUT_MS: '1000' });
  unlisten = await h.t.db.listen('sabai_events', (payload) => published.push(JSON.parse(payload)));
});
afterAll(() => unlisten());

let seq = 0;
const newUser = () => `U${(Date.now() * 1000 + ++seq).toString(16).padStart(32, 'c')}`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Texts stored on `channelId` that start with `prefix`. */
const storedTexts = async (channelId: string, prefix: string) =>
  (
    await h.t.db.orm
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.channelId, channelId), like(messages.text, `${prefix}%`)))
  ).map((r) => r.text!);

describe('steady traffic', () => {
  it('stores every acknowledged message within 1 s while webhooks keep arriving every 30 ms', async () => {
    const line = await h.createLineChannel();
    const users = Array.from({ length: 10 }, newUser);
    // Their conversations are open before the measured traffic starts.
    await Promise.all(users.map((u) => h.sim.line.text(line.externalId, u, 'hello')));
    await eventually(async () => (await storedTexts(line.id, 'hello')).length === users.length);

    const COUNT = 130; // about 4 s at one webhook every 30 ms
    const acked = new Map<string, number>();
    const seen = new Map<string, number>();
    let sending = true;
    // Records when each message first shows up, until every acknowledged one has (or 5 s after the last).
    const watch = (async () => {
      let stopAt = Infinity;
      while (performance.now() < stopAt) {
        for (const text of await storedTexts(line.id, 'steady '))
          if (!seen.has(text)) seen.set(text, performance.now());
        if (!sending) {
          if ([...acked.keys()].every((t) => seen.has(t))) return;
          stopAt = Math.min(stopAt, performance.now() + 5000);
        }
        await pause(20);
      }
    })();
    const start = performance.now();
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < COUNT; i++) {
      const text = `steady ${i}`;
      sends.push(
        h.sim.line.text(line.externalId, users[i % users.length]!, text).then((d) => {
          if (d.ok) acked.set(text, performance.now());
        }),
      );
      // Paced against the start, so the rate stays one every 30 ms whatever each send costs.
      await pause(Math.max(0, start + (i + 1) * 30 - performance.now()));
    }
    await Promise.all(sends);
    sending = false;
    await watch;

    expect(acked.size).toBe(COUNT);
    const lags = [...acked].map(([text, at]) => (seen.get(text) ?? Infinity) - at);
    expect(Math.max(...lags)).toBeLessThan(1000);
  });
});

describe('slow provider', () => {
  it("stores another customer's message at once while one profile lookup hangs; the name fills in later", async () => {
    const line = await h.createLineChannel();
    const slow = newUser();
    const other = newUser();
    h.sim.addLineUser(line.externalId, { userId: slow, displayName: 'Somchai Slow' });
    h.sim.addLineUser(line.externalId, { userId: other, displayName: 'Malee Quick' });
    // LINE's profile API hangs for 30 s for the first customer only.
    h.sim.line.failNext(1, { delayMs: 30_000 }, { pathIncludes: `/profile/${slow}` });

    await h.sim.line.text(line.externalId, slow, 'slow hello');
    await h.sim.line.text(line.externalId, other, 'other hello');
    // Both are stored well before the hung call would have answered; the first under a placeholder name.
    await eventually(async () => (await storedTexts(line.id, 'slow hello')).length === 1, 3000);
    await eventually(async () => (await storedTexts(line.id, 'other hello')).length === 1, 3000);
    const nameOf = async (userId: string) => {
      const [row] = await h.t.db.orm
        .select({ name: contacts.displayName, issueId: issues.id })
        .from(contactIdentities)
        .innerJoin(contacts, eq(contacts.id, contactIdentities.contactId))
        .innerJoin(issues, eq(issues.contactIdentityId, contactIdentities.id))
        .where(and(eq(contactIdentities.channelId, line.id), eq(contactIdentities.externalUserId, userId)));
      return row!;
    };
    expect((await nameOf(slow)).name).not.toBe('Somchai Slow');

    // The lookup timed out and its job retries it: the name arrives, with a live update of the issue.
    const filled = await eventually(async () => {
      const row = await nameOf(slow);
      return row.name === 'Somchai Slow' && row;
    }, 20_000);
    await eventually(async () => (await nameOf(other)).name === 'Malee Quick');
    await eventually(async () =>
      published.some(
        (e) =>
          e.name === 'issue.updated' &&
          e.data.issueId === filled.issueId &&
          (e.data.fields as string[] | undefined)?.includes('contact'),
      ),
    );
  });
});
