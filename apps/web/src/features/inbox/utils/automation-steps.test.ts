import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { resources } from '@sabai/i18n';
import { stepsText } from './automation-steps';

// The app's own interpolation settings (lib/i18n.ts): values are inserted as they are.
const translators: Partial<Record<'en' | 'th', TFunction>> = {};
beforeAll(async () => {
  for (const lng of ['en', 'th'] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources, interpolation: { escapeValue: false } });
    translators[lng] = i18n.t;
  }
});

describe('the steps of a rule in the trail', () => {
  it('lists each step by its kind, in the order they ran', () => {
    const steps = [
      { type: 'assign_team', ok: true, code: null },
      { type: 'add_tag', ok: true, code: null },
    ];
    expect(stepsText(translators.en!, steps)).toBe('assign team, add tag');
    expect(stepsText(translators.th!, steps)).toBe('มอบหมายทีม, เพิ่มแท็ก');
  });

  it('says why a step was skipped, in the catalogue’s words without its full stop', () => {
    const steps = [
      { type: 'set_status', ok: false, code: 'issue.status.invalid_transition' },
      { type: 'add_tag', ok: false, code: 'some.new_code' },
      { type: 'translate', ok: true, code: null },
    ];
    expect(stepsText(translators.en!, steps)).toBe(
      'set status (skipped: The issue cannot move to this status), add tag (skipped: it could not be done), other step',
    );
    expect(stepsText(translators.th!, [steps[0]!])).toBe(
      `เปลี่ยนสถานะ (ข้าม: ${translators.th!('errors.issue.status.invalid_transition')})`,
    );
  });

  it('is empty when the trail kept no steps', () => {
    expect(stepsText(translators.en!, null)).toBe('');
  });
});
