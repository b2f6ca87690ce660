import { describe, expect, it } from 'vitest';
import {
  isThaiNationalId,
  redactPersonalData,
  withoutPersonalData,
  type PersonalDataKind,
} from './personal-data';

const ALL: PersonalDataKind[] = ['email', 'phone', 'nationalId'];
const redact = (text: string, kinds = ALL) => redactPersonalData(text, kinds).text;

describe('redactPersonalData', () => {
  it('replaces emails, in Thai text and with digits in them', () => {
    expect(redact('ส่งมาที่ somchai.k99@example.co.th นะคะ')).toBe('ส่งมาที่ [email] นะคะ');
    expect(redact('mail: a+b_0812345678@mail.example.com')).toBe('mail: [email]');
  });

  it('replaces Thai mobile and landline numbers however they are written', () => {
    expect(redact('โทร 0812345678 หรือ 081-234-5678 หรือ 081 234 5678')).toBe(
      'โทร [phone] หรือ [phone] หรือ [phone]',
    );
    expect(redact('ออฟฟิศ 02-123-4567, 053.123.456')).toBe('ออฟฟิศ [phone], [phone]');
    // Two numbers side by side stay two.
    expect(redact('0812345678 0898765432')).toBe('[phone] [phone]');
    // Glued to letters.
    expect(redact('Tel0812345678ค่ะ')).toBe('Tel[phone]ค่ะ');
  });

  it('replaces international numbers', () => {
    expect(redact('call +66 81 234 5678 or +1 (415) 555-0100')).toBe('call [phone] or [phone]');
    expect(redact('+6621234567')).toBe('[phone]');
  });

  it('replaces Thai national ID numbers: in groups always, in a row when the check digit agrees', () => {
    expect(redact('บัตร 1-1037-02071-81-1')).toBe('บัตร [national ID]');
    expect(redact('เลขบัตร 1103702071811')).toBe('เลขบัตร [national ID]');
    // Thirteen digits with the wrong check digit: a tracking number, kept.
    expect(redact('พัสดุ 1103702071812')).toBe('พัสดุ 1103702071812');
  });

  it('keeps what is not personal: prices, dates, times, short numbers, order numbers', () => {
    const text = 'ราคา 1,500 บาท ส่ง 29-11-2026 เวลา 10.30 น. ออเดอร์ #45821 จำนวน 3 ชิ้น';
    expect(redact(text)).toBe(text);
    expect(redact('วันที่ 01-12-2026')).toBe('วันที่ 01-12-2026');
  });

  it('redacts only the kinds asked for, and counts what it found', () => {
    const text = 'a@b.co 0812345678 3509900123450';
    expect(redactPersonalData(text, ['phone'])).toEqual({
      text: 'a@b.co [phone] 3509900123450',
      found: { email: 0, phone: 1, nationalId: 0 },
    });
    expect(redactPersonalData(text, ALL).found).toEqual({ email: 1, phone: 1, nationalId: 1 });
    expect(redact(text, [])).toBe(text);
  });
});

describe('isThaiNationalId', () => {
  it('checks the last digit against the weighted sum of the first twelve', () => {
    expect(isThaiNationalId('1103702071811')).toBe(true);
    expect(isThaiNationalId('3-5099-00123-45-0')).toBe(true);
    expect(isThaiNationalId('1234567890121')).toBe(true);
    expect(isThaiNationalId('1234567890122')).toBe(false);
    expect(isThaiNationalId('123456789012')).toBe(false);
  });
});

describe('withoutPersonalData', () => {
  it('takes contact details out of a search, leaving the question and any bracketed words', () => {
    expect(
      withoutPersonalData('คืนสินค้า [ด่วน] โทร 081-234-5678 nok@example.com').replace(/\s+/g, ' ').trim(),
    ).toBe('คืนสินค้า [ด่วน] โทร');
  });
});
