// One customer text to a LINE channel (the demo one by default), as LINE delivers it (channels.md), signed with the channel
// secret: for the tests that run real server processes and for the ingest benches.
import { createHmac, randomUUID } from 'node:crypto';
import { DEMO_LINE } from '../src/db/seed';

/** A signed delivery of `text`; by default from a customer nobody has seen before, to the demo channel. */
export function signedLineText(
  text: string,
  {
    userId = `U${randomUUID().replaceAll('-', '')}`,
    messageId = `${Date.now()}${Math.floor(Math.random() * 1000)}`,
    channelSecret = DEMO_LINE.secret,
    botUserId = DEMO_LINE.botUserId,
  }: { userId?: string; messageId?: string; channelSecret?: string; botUserId?: string } = {},
) {
  const body = JSON.stringify({
    destination: botUserId,
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
  return { body, signature: createHmac('sha256', channelSecret).update(body).digest('base64') };
}
