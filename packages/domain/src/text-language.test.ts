import { describe, expect, it } from 'vitest';
import { customerLanguage, detectTextLanguage } from './text-language';

describe('detectTextLanguage', () => {
  it.each([
    ['สวัสดีค่ะ อยากสอบถามเรื่องการคืนสินค้า', 'th'],
    ['Hello, where is my order?', 'en'],
    ['ສະບາຍດີ', 'lo'],
    ['សួស្តី', 'km'],
    ['မင်္ဂလာပါ', 'my'],
    ['你好，我的订单在哪里', 'zh'],
    ['こんにちは、注文はどこですか', 'ja'],
    ['안녕하세요', 'ko'],
    ['Xin chào, đơn hàng của tôi ở đâu?', 'vi'],
  ] as const)('%s is %s', (text, language) => {
    expect(detectTextLanguage(text)).toBe(language);
  });

  it('goes by the script with the most letters', () => {
    expect(detectTextLanguage('ขอเปลี่ยน iPhone 15 ค่ะ')).toBe('th');
    expect(detectTextLanguage('My order ORD-123 สินค้า is late, please check')).toBe('en');
  });

  it('finds no language in digits, emoji or punctuation', () => {
    expect(detectTextLanguage('12345 😊 !!')).toBeNull();
    expect(detectTextLanguage('')).toBeNull();
  });
});

describe('customerLanguage', () => {
  it('is the newest message with letters', () => {
    expect(customerLanguage(['👍', 'thank you', 'สวัสดีค่ะ'])).toBe('en');
    expect(customerLanguage(['123', '😊'])).toBeNull();
  });
});

describe('detectTextLanguage called again', () => {
  it('answers the same for the same text (no state kept between calls)', () => {
    const text = 'Cảm ơn bạn rất nhiều';
    expect([1, 2, 3].map(() => detectTextLanguage(text))).toEqual(['vi', 'vi', 'vi']);
  });
});
