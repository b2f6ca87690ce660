// A slow provider: a profile lookup that hangs for one new customer must not hold up
// another customer's message; the first customer's message shows at once under a placeholder name, and the
// name fills in later (the lookup times out, and its job retries it).
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

/** Texts stored on `channelId` that start with `prefix`. */
const storedTexts = async (channelId: string, prefix: string) =>
  (
    await h.t.db.orm
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.channelId, channelId), like(messages.text, `${prefix}%`)))
  ).map((r) => r.text!);

describe('slow provider', () => {
  it("stores another customer's message at once while one profile lookup hangs; the name fills in later", async () => {
    const line = await h.createLineChannel();
    const slow = newUser();
    const other = newUser();
    h.sim.addLineUser(line.externalId, { userId: slow, displayName: 'Somchai Slow' });
    h.sim.addLineUser(line.externalId, { userId: other, displayName: 'Malee Quick' });
    // LINE's profile API hangs for 30 s for the first customer only: for the batch's short wait and for the
    // job's first attempt, which the job then retries.
    h.sim.line.failNext(2, { delayMs: 30_000 }, { pathIncludes: `/profile/${slow}` });

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
          'fields' in e.data &&
          e.data.fields.includes('contact'),
      ),
    );
  });

  it("applies a known customer's message while a first contact's profile is awaited, and each customer's messages in order", async () => {
    const line = await h.createLineChannel();
    const known = newUser();
    const first = newUser();
    h.sim.addLineUser(line.externalId, { userId: known, displayName: 'Known Customer' });
    h.sim.addLineUser(line.externalId, { userId: first, displayName: 'First Contact' });
    await h.sim.line.text(line.externalId, known, 'order known 1');
    await eventually(async () => (await storedTexts(line.id, 'order known')).length === 1, 3000);
    // The first contact's profile answers after 2 s: the batch waits 300 ms for it, then stores them under
    // a placeholder; the known customer's message is stored meanwhile, in the same batch or the next.
    h.sim.line.failNext(1, { delayMs: 2000 }, { pathIncludes: `/profile/${first}` });

    await h.sim.line.text(line.externalId, first, 'order first 1');
    await h.sim.line.text(line.externalId, known, 'order known 2');
    await h.sim.line.text(line.externalId, first, 'order first 2');
    const ids = async () =>
      new Map(
        (
          await h.t.db.orm
            .select({ id: messages.id, text: messages.text })
            .from(messages)
            .where(and(eq(messages.channelId, line.id), like(messages.text, 'order %')))
        ).map((r) => [r.text!, r.id]),
      );
    const stored = await eventually(async () => {
      const found = await ids();
      return found.size === 4 && found;
    }, 5000);
    expect(stored.get('order known 2')!).toBeLessThan(stored.get('order first 1')!);
    expect(stored.get('order first 1')!).toBeLessThan(stored.get('order first 2')!);
  });
});
