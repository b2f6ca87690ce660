import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '@sabai/i18n';
import { deliveryFailure } from './delivery-failure';

// The app's own interpolation settings (lib/i18n.ts): values are inserted as they are.
async function translator(lng: 'en' | 'th') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('why a reply was not delivered', () => {
  it('names the platform and keeps its words', async () => {
    const t = await translator('en');
    expect(deliveryFailure(t, 'line.400: The request body has 1 error(s): to Must be specified')).toBe(
      'LINE refused the message: The request body has 1 error(s): to Must be specified',
    );
    expect(deliveryFailure(t, 'meta.100.2018001: No matching user found')).toBe(
      'Meta refused the message: No matching user found',
    );
    expect(deliveryFailure(t, 'line.network: fetch failed')).toBe('LINE could not be reached: fetch failed');
    expect(deliveryFailure(t, 'Error: boom')).toBe('Not sent: boom');
    expect(deliveryFailure(t, null)).toBeNull();
  });

  it('explains the channel’s own problems in the reader’s language', async () => {
    const t = await translator('th');
    expect(deliveryFailure(t, 'channel.token_invalid: Error validating access token')).toContain(
      'ผู้ดูแลระบบต้องเชื่อมต่อช่องทางใหม่',
    );
    expect(deliveryFailure(t, 'line.400: bad')).toBe('LINE ไม่รับข้อความนี้: bad');
  });
});
