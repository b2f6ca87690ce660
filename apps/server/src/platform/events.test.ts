import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb, TEST_DB_KIND } from '../../test/db';
import type { Db } from './db';
import { EVENTS_CHANNEL, publishEvent, startEventBus, type DomainEvent, type EventBus } from './events';
import { silentLogger, type Logger } from './logger';

let db: Db;
let bus: EventBus;

beforeAll(async () => {
  db = await openTestDb();
  bus = await startEventBus(db, { logger: silentLogger });
});

afterAll(async () => {
  await bus.close();
  await db.close();
});

// The PostgreSQL test database is shared by every test file of the run, so each test listens to its own
// organisation only.
function collect(target: EventBus, organizationId: string) {
  const received: DomainEvent[] = [];
  const unsubscribe = target.subscribe((e) => {
    if (e.organizationId === organizationId) received.push(e);
  });
  return { received, unsubscribe };
}

/** A small valid event; `messageId` tells events of one test apart. */
const event = (organizationId: string, messageId: number): DomainEvent => ({
  name: 'message.updated',
  organizationId,
  data: { issueId: 1, messageId },
});

describe('events', () => {
  it('delivers an event published in a committed transaction, and not one rolled back', async () => {
    const org = randomUUID();
    const { received, unsubscribe } = collect(bus, org);

    await expect(
      db.orm.transaction(async (tx) => {
        await publishEvent(tx, event(org, 1));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.orm.transaction(async (tx) => {
      await publishEvent(tx, event(org, 2));
    });

    // Notifications arrive in commit order, so once the committed one is here the other would have been too.
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual(event(org, 2));
    unsubscribe();
  });

  it('stops calling a handler once it unsubscribed', async () => {
    const org = randomUUID();
    const first = collect(bus, org);
    const second = collect(bus, org);
    first.unsubscribe();
    await publishEvent(db.orm, event(org, 1));
    await vi.waitFor(() => expect(second.received).toHaveLength(1));
    expect(first.received).toHaveLength(0);
    second.unsubscribe();
  });

  it('logs and ignores unparseable payloads, and survives a throwing handler', async () => {
    const warn = vi.fn();
    const logger: Logger = { ...silentLogger, warn };
    const own = await startEventBus(db, { logger });
    const org = randomUUID();
    own.subscribe(() => {
      throw new Error('subscriber bug');
    });
    const { received } = collect(own, org);

    await db.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, 'not json']);
    await db.query('select pg_notify($1, $2)', [
      EVENTS_CHANNEL,
      JSON.stringify({ name: 'nope', organizationId: org, data: {} }),
    ]);
    await publishEvent(db.orm, event(org, 1));

    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(warn).toHaveBeenCalledTimes(2);
    await own.close();
  });

  it('refuses payloads pg_notify cannot carry, without touching the transaction', async () => {
    const big: DomainEvent = {
      name: 'notification.created',
      organizationId: randomUUID(),
      data: { notificationId: 1, userId: 'u', type: 'new_message', issueId: 1, content: 'x'.repeat(8000) },
    };
    await expect(publishEvent(db.orm, big)).rejects.toThrow(/pg_notify takes at most/);
  });

  // Two processes on one database exist only with a PostgreSQL server (PGlite is a single process).
  if (TEST_DB_KIND === 'postgres')
    it('fans out to every process listening on the same database', async () => {
      const otherDb = await openTestDb();
      const otherBus = await startEventBus(otherDb, { logger: silentLogger });
      try {
        const org = randomUUID();
        const here = collect(bus, org);
        const there = collect(otherBus, org);

        await otherDb.orm.transaction(async (tx) => {
          await publishEvent(tx, event(org, 1));
        });

        await vi.waitFor(() => {
          expect(here.received).toHaveLength(1);
          expect(there.received).toHaveLength(1);
        });
      } finally {
        await otherBus.close();
        await otherDb.close();
      }
    });
});
