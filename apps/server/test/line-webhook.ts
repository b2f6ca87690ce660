// One customer text to the demo LINE channel, as LINE delivers it (channels.md), signed with the channel
// secret: for the tests that run real server processes and for the ingest benches.
import { createHmac, randomUUID } from 'node:crypto';
import { DEMO_LINE } from '../src/db/seed';

/** A signed delivery of `text`; by default from a customer nobody has seen before. */
export function signedLineText(
  text: string,
  {
    userId = `U${randomUUID().replaceAll('-', '')}`,
    messageId = `${Date.now()}${Math.floor(Math.random() * 1000)}`,
  }: { userId?: string; messageId?: string } = {},
) {
  const body = JSON.stringify({
    destination: DEMO_LINE.botUserId,
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId },
        webhookEventId: randomUUID(),
        deliveryContext: { isRedelivery: false },
        replyToken: randomUUID().replaceAll('-', ''),
        message: { id: messageId, type: 'text', quoteToken: 'q', text },
      },
    ],
  });
  return { body, signature: createHmac('sha256', DEMO_LINE.secret).update(body).digest('base64') };
}
