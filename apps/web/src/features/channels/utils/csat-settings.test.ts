import { describe, expect, it } from 'vitest';
import type { CsatSettings } from '@sabai/contracts';
import { csatFieldOfPath, csatTextProblem, hasChanges, toSaveRequest } from './csat-settings';

const saved: CsatSettings = {
  enabled: false,
  question: { en: 'How did we do?', th: 'เราบริการเป็นอย่างไรบ้าง' },
  thankYou: { en: 'Thank you!', th: 'ขอบคุณค่ะ' },
};

describe('csat settings form', () => {
  it('refuses an empty or blank text and one over 500 characters, as the server does after trimming', () => {
    expect(csatTextProblem(undefined)).toBe('required');
    expect(csatTextProblem('   ')).toBe('required');
    expect(csatTextProblem(` ${'a'.repeat(500)} `)).toBeNull();
    expect(csatTextProblem('a'.repeat(501))).toBe('tooLong');
  });

  it('saves the texts trimmed', () => {
    const body = toSaveRequest({ ...saved, enabled: true, question: { en: ' Rate us ', th: ' ให้คะแนน ' } });
    expect(body).toEqual({ ...saved, enabled: true, question: { en: 'Rate us', th: 'ให้คะแนน' } });
  });

  it('has changes when the switch or a text differs, not for spaces around a text', () => {
    expect(hasChanges(saved, saved)).toBe(false);
    expect(hasChanges({ ...saved, thankYou: { ...saved.thankYou, en: 'Thank you! ' } }, saved)).toBe(false);
    expect(hasChanges({ ...saved, enabled: true }, saved)).toBe(true);
    expect(hasChanges({ ...saved, question: { ...saved.question, th: 'ใหม่' } }, saved)).toBe(true);
    expect(hasChanges(undefined, saved)).toBe(false);
  });

  it('finds the field a validation detail names', () => {
    expect(csatFieldOfPath('/question/en')).toEqual(['question', 'en']);
    expect(csatFieldOfPath('thankYou.th')).toEqual(['thankYou', 'th']);
    expect(csatFieldOfPath('/enabled')).toBeNull();
  });
});
