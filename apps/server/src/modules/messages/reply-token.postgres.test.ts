// An agent's reply takes the customer's LINE reply token without waiting for a batch of the customer's
// messages, which holds the customer's identity row from its first statement until it commits. Sessions
// at the same time: PostgreSQL only (PGlite's one connection would be the batch's).
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { startChannelHarness, storedMessage, eventually, type ChannelHarness } from '../../../test/channels';
import { testDatabaseUrl } from '../../../test/db';
import { messages } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'c')}`;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});

const sent = (messageId: number) =>
  eventually(async () => {
    const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, messageId));
    return row?.deliveryStatus === 'sent' ? row : null;
  });

describe('a LINE reply token', () => {
  it('is taken for a reply while a batch of the customer’s messages holds their identity', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'Is my parcel on its way?');
    const { issueId } = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
    // Another session locks the customer as a batch of their next messages does, and keeps it.
    const batch = new pg.Client({ connectionString: await testDatabaseUrl() });
    await batch.connect();
    try {
      await batch.query('BEGIN');
      const locked = await batch.query(
        'SELECT id FROM contact_identities WHERE channel_id = $1 AND external_user_id = $2 FOR NO KEY UPDATE',
        [line.id, userId],
      );
      expect(locked.rowCount).toBe(1);
      const res = await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
        token: h.admin,
        body: { text: 'It left the warehouse this morning' },
      });
      expect(res.statusCode).toBe(201);
      // Delivered with the token (free of the monthly quota) while the batch still holds the customer.
      expect((await sent(res.json<{ id: number }>().id)).deliveredVia).toBe('reply');
      const replies = h.sim.calls({ path: '/v2/bot/message/reply' });
      expect(JSON.stringify(replies.at(-1)?.body)).toContain('It left the warehouse this morning');
    } finally {
      await batch.query('ROLLBACK');
      await batch.end();
    }
    // Each token serves one reply: the next answer, with no new message from the customer, is pushed.
    const next = await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
      token: h.admin,
      body: { text: 'It arrives tomorrow' },
    });
    expect((await sent(next.json<{ id: number }>().id)).deliveredVia).toBe('push');
  });
});
