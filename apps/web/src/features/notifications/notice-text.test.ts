import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_TEXTS } from '@sabai/contracts';
import { resources, type TranslationKey } from '@sabai/i18n';
import { localNotice } from './notice-text';

// The app's own interpolation settings (lib/i18n.ts): values are inserted as they are.
const thai = i18next.createInstance();
beforeAll(() => thai.init({ lng: 'th', resources, interpolation: { escapeValue: false } }));
// The app's typed `t` overloads narrow a literal key; this test passes any key.
const translate = thai.t as unknown as (key: string, values: object) => string;
const th = (key: TranslationKey, values?: Record<string, string>): string => translate(key, values ?? {});
const period = '01/12/2026 09:00 – 02/12/2026 18:00';

describe('localNotice', () => {
  it('translates every server text for a Thai reader', () => {
    expect(localNotice(NOTICE_TEXTS.newIssue(12, 'คุณมะลิ (LINE)'), 'th', th)).toBe(
      'เคสใหม่ #12 จาก คุณมะลิ (LINE)',
    );
    expect(localNotice(NOTICE_TEXTS.newMessage(12, 'ขอเลขพัสดุ: ด่วน'), 'th', th)).toBe(
      'ข้อความใหม่ในเคส #12: ขอเลขพัสดุ: ด่วน',
    );
    expect(localNotice(NOTICE_TEXTS.assigned(7), 'th', th)).toBe('เคส #7 ได้รับมอบหมายให้คุณ');
    expect(localNotice(NOTICE_TEXTS.assignedFrom(7, 'Sabai LINE OA'), 'th', th)).toBe(
      'เคส #7 จาก Sabai LINE OA ได้รับมอบหมายให้คุณ',
    );
    expect(localNotice(NOTICE_TEXTS.closeRequested(9), 'th', th)).toBe('กรุณาปิดเคส #9');
    expect(localNotice(NOTICE_TEXTS.slaWarning(5, 'firstResponse'), 'th', th)).toBe(
      'เคส #5: เวลาตอบครั้งแรกผ่านไปแล้ว 80%',
    );
    expect(localNotice(NOTICE_TEXTS.slaBreached(5, 'resolution'), 'th', th)).toBe(
      'เคส #5 เกินกำหนดเวลาแก้ไขปัญหา',
    );
    // The number goes in at character 6 of the Thai closed-issue text.
    expect(localNotice(NOTICE_TEXTS.closed(42), 'th', th)).toBe('เคสที่ 42 ถูกปิดแล้ว');
    expect(localNotice(NOTICE_TEXTS.timeOffRequested('Suda (S)', 'Care', period, 'หาหมอ'), 'th', th)).toBe(
      `Suda (S) (Care) ขอลางาน ${period}: หาหมอ`,
    );
    expect(localNotice(NOTICE_TEXTS.timeOffRequested('Suda', 'Care', period, null), 'th', th)).toBe(
      `Suda (Care) ขอลางาน ${period}`,
    );
    expect(localNotice(NOTICE_TEXTS.timeOffDecided(period, 'approved'), 'th', th)).toBe(
      `คำขอลางาน ${period} ของคุณได้รับการอนุมัติแล้ว`,
    );
    expect(localNotice(NOTICE_TEXTS.timeOffDecided(period, 'declined'), 'th', th)).toBe(
      `คำขอลางาน ${period} ของคุณถูกปฏิเสธ`,
    );
    expect(localNotice(NOTICE_TEXTS.webhookDisabled('https://crm.example.com/hooks'), 'th', th)).toBe(
      'ปลายทางเว็บฮุก https://crm.example.com/hooks ถูกปิดใช้งาน เพราะส่งไม่สำเร็จติดต่อกันนาน 24 ชั่วโมง',
    );
    expect(localNotice(NOTICE_TEXTS.channelTakenOver('Sabai LINE OA'), 'th', th)).toBe(
      'ช่องทาง Sabai LINE OA ถูกองค์กรอื่นนำไปใช้แทนแล้ว',
    );
    expect(localNotice(NOTICE_TEXTS.lineQuotaWarning('Sabai LINE OA', 80, 240, 300), 'th', th)).toBe(
      'ช่องทาง LINE Sabai LINE OA ใช้โควตาข้อความของเดือนนี้ไปแล้ว 80% (240 จาก 300)',
    );
    expect(localNotice(NOTICE_TEXTS.lineQuotaReached('Sabai LINE OA', 300, 300), 'th', th)).toBe(
      'ช่องทาง LINE Sabai LINE OA ใช้โควตาข้อความของเดือนนี้ครบแล้ว (300 จาก 300) LINE จะไม่รับข้อความแบบพุชจนถึงเดือนหน้า',
    );
  });

  it('keeps the server text for an English reader and anything it does not know', () => {
    expect(localNotice(NOTICE_TEXTS.assigned(7), 'en', th)).toBe('Issue #7 was assigned to you');
    expect(localNotice('Maintenance tonight at 22:00', 'th', th)).toBe('Maintenance tonight at 22:00');
  });
});
