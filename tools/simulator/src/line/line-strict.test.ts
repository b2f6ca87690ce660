// The message bodies LINE refuses, refused here the same way (400, `details` naming the property), so the
// product's own tests catch what LINE would; and the bodies the product sends still pass.
import { afterEach, describe, expect, it } from 'vitest';
import { LINE, lineApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';

let harness: Harness;
afterEach(() => harness.close());

const text = { type: 'text', text: 'hello' };
const withQuickReply = (action: unknown, item: Record<string, unknown> = {}) => ({
  ...text,
  quickReply: { items: [{ type: 'action', action, ...item }] },
});
const postback = (fields: Record<string, unknown>) =>
  withQuickReply({ type: 'postback', label: 'Yes', data: 'd', ...fields });
const picker = (fields: Record<string, unknown>) =>
  withQuickReply({ type: 'datetimepicker', label: 'When', ...fields });
const image = 'https://cdn.example.com/a.png';

/** Each body LINE refuses, with the property its error names. */
const REFUSED: Array<[string, unknown, string]> = [
  [
    'a quick-reply label over 20 characters',
    postback({ label: 'x'.repeat(21) }),
    'quickReply.items[0].action.label',
  ],
  [
    'a quick-reply action without a label',
    withQuickReply({ type: 'postback', data: 'd' }),
    'quickReply.items[0].action.label',
  ],
  [
    'postback data over 300 characters',
    postback({ data: 'd'.repeat(301) }),
    'quickReply.items[0].action.data',
  ],
  [
    'a postback display text over 300 characters',
    postback({ displayText: 't'.repeat(301) }),
    'quickReply.items[0].action.displayText',
  ],
  ['a date-time picker without a mode', picker({ data: 'd' }), 'quickReply.items[0].action.mode'],
  ['a date-time picker without data', picker({ mode: 'date' }), 'quickReply.items[0].action.data'],
  [
    'an unknown action type',
    withQuickReply({ type: 'share', label: 'Share' }),
    'quickReply.items[0].action.type',
  ],
  [
    'a quick-reply item without an action',
    { ...text, quickReply: { items: [{ type: 'action' }] } },
    'quickReply.items[0].action',
  ],
  [
    'an http image URL',
    { type: 'image', originalContentUrl: 'http://cdn.example.com/a.jpg', previewImageUrl: image },
    'originalContentUrl',
  ],
  [
    'an http quick-reply icon',
    withQuickReply({ type: 'camera', label: 'Photo' }, { imageUrl: 'http://cdn.example.com/i.png' }),
    'quickReply.items[0].imageUrl',
  ],
  ['an empty sender name', { ...text, sender: { name: '' } }, 'sender.name'],
  ['a sender name containing "LINE"', { ...text, sender: { name: 'LINE Support' } }, 'sender.name'],
  [
    'a non-integer audio duration',
    { type: 'audio', originalContentUrl: 'https://cdn.example.com/a.m4a', duration: 1500.5 },
    'duration',
  ],
  [
    'a malformed URL',
    { type: 'image', originalContentUrl: 'https://exa mple.com/a.png', previewImageUrl: image },
    'originalContentUrl',
  ],
  ['a non-string quote token', { ...text, quoteToken: 42 }, 'quoteToken'],
  [
    'a non-string tracking id',
    {
      type: 'video',
      originalContentUrl: 'https://cdn.example.com/v.mp4',
      previewImageUrl: image,
      trackingId: 7,
    },
    'trackingId',
  ],
  [
    'a malformed action URI',
    withQuickReply({ type: 'uri', label: 'Open', uri: 'https://' }),
    'quickReply.items[0].action.uri',
  ],
];

/** What the product sends: postback and picker buttons, a camera button, a sender with an icon. */
const ACCEPTED: Array<[string, unknown]> = [
  ['a postback button with display text', postback({ label: 'x'.repeat(20), displayText: 'Yes please' })],
  ['a date picker', picker({ data: 'd', mode: 'date' })],
  [
    'a camera button with an https icon',
    withQuickReply({ type: 'camera', label: 'Photo' }, { imageUrl: image }),
  ],
  ['a sender with a name and icon', { ...text, sender: { name: 'Nok (support)', iconUrl: image } }],
  [
    'an audio with an integer duration',
    { type: 'audio', originalContentUrl: 'https://cdn.example.com/a.m4a', duration: 1500 },
  ],
  ['a text quoting a message', { ...text, quoteToken: 'q-abc' }],
];

describe('LINE API: refuses what LINE refuses', () => {
  it.each(REFUSED)('refuses %s with a 400 naming the property', async (_what, message, property) => {
    harness = await startHarness();
    const res = await lineApi(harness.sim, '/v2/bot/message/push', {
      body: { to: LINE.alice, messages: [message] },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      message: string;
      details: Array<{ property: string; message: string }>;
    };
    expect(body.message).toMatch(/^The request body has \d+ error\(s\)$/);
    expect(body.details.map((d) => d.property)).toContain(`messages[0].${property}`);
    expect(harness.sim.outbox()).toEqual([]);
  });

  it.each(ACCEPTED)('accepts %s', async (_what, message) => {
    harness = await startHarness();
    const res = await lineApi(harness.sim, '/v2/bot/message/push', {
      body: { to: LINE.alice, messages: [message] },
    });
    expect(res.status).toBe(200);
  });
});
