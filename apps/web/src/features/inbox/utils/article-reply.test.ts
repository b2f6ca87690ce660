import { describe, expect, it } from 'vitest';
import { articleAsReply, withArticle } from './article-reply';

describe('articleAsReply', () => {
  it('turns markdown into text a chat shows well', () => {
    expect(articleAsReply({ title: 'คืนสินค้า', body: '# หัวข้อ\nภายใน **7 วัน**\n\n\n\n- สภาพเดิม\n* มีป้าย' })).toBe(
      'คืนสินค้า\nหัวข้อ\nภายใน 7 วัน\n\n• สภาพเดิม\n• มีป้าย',
    );
  });

  it('adds the article after the draft, a blank line apart', () => {
    expect(withArticle('', { title: 'T', body: 'B' })).toBe('T\nB');
    expect(withArticle('สวัสดีค่ะ  ', { title: 'T', body: 'B' })).toBe('สวัสดีค่ะ\n\nT\nB');
  });
});
