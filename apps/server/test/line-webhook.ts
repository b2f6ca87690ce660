// One customer text to a LINE channel (the demo one by default), as LINE delivers it, signed with the channel
// secret: for the tests that run real server processes and for the ingest benches.
import { createHmac, randomUUID } from 'node:crypto';
import { DEMO_LINE } from '../src/db/seed';

type LineTextOptions = { userId?: string; messageId?: string; channelSecret?: string; botUserId?: string };

let made = 0;
/**
 * A message id never given before in this process (LINE's are numeric). Ids drawn at random could repeat
 * within one millisecond, and a repeated id is a redelivery, which the server rightly drops: a test with two
 * senders of one customer would then miss a message whose delivery had been acknowledged.
 */
const freshMessageId = () => `${Date.now()}${String(++made).padStart(6, '0')}`;

/** The JSON of a delivery of `text`; by default from a customer nobody has seen before, to the demo channel. */
export function lineTextBody(
  text: string,
  {
    userId = `U${randomUUID().replaceAll('-', '')}`,
    messageId = freshMessageId(),
    botUserId = DEMO_LINE.botUserId,
  }: LineTextOptions = {},
) {
  return JSON.stringify({
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
}

/** A signed delivery of `text` (lineTextBody), signed with the channel secret (the demo one by default). */
export function signedLineText(text: string, opts: LineTextOptions = {}) {
  const body = lineTextBody(text, opts);
  const channelSecret = opts.channelSecret ?? DEMO_LINE.secret;
  return { body, signature: createHmac('sha256', channelSecret).update(body).digest('base64') };
}
