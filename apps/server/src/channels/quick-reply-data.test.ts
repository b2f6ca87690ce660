import { describe, expect, it } from 'vitest';
import { quickReplyData, readQuickReplyData } from './quick-reply-data';

describe('quick-reply data', () => {
  it('reads back the message and label it carries, within LINE postback data size', () => {
    const data = quickReplyData(123456, 'ส่งพรุ่งนี้: ok');
    expect(data.length).toBeLessThanOrEqual(300);
    expect(readQuickReplyData(data)).toEqual({ messageId: 123456, label: 'ส่งพรุ่งนี้: ok' });
  });

  it('ignores data that is not ours', () => {
    expect(readQuickReplyData('action=buy&item=1')).toBeNull();
    expect(readQuickReplyData('sabai-qr:-5:Yes')).toBeNull();
    expect(readQuickReplyData(undefined)).toBeNull();
  });
});
