import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { resources } from '@sabai/i18n';
import { macroRunNotice, outcomeText, resultCounts } from './bulk-results';

// The app's own interpolation settings (lib/i18n.ts): values are inserted as they are.
const translators: Partial<Record<'en' | 'th', TFunction>> = {};
beforeAll(async () => {
  for (const lng of ['en', 'th'] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources, interpolation: { escapeValue: false } });
    translators[lng] = i18n.t;
  }
});

const done = { issueId: 1, ok: true, code: null, steps: null };
const closed = { issueId: 2, ok: false, code: 'issue.closed', steps: null };
const partly = {
  issueId: 3,
  ok: false,
  code: 'issue.status.resolve_requires_on_going',
  steps: [
    { type: 'add_tag', ok: true, code: null },
    { type: 'set_status', ok: false, code: 'issue.status.resolve_requires_on_going' },
  ],
};

describe('the results of a bulk action or macro run', () => {
  it('says done, or why not in the error’s translated words', () => {
    const en = translators.en!;
    expect(outcomeText(en, done)).toBe('Done');
    expect(outcomeText(en, closed)).toBe(en('errors.issue.closed'));
    expect(outcomeText(translators.th!, closed)).toBe(translators.th!('errors.issue.closed'));
    expect(outcomeText(en, { ...closed, code: 'some.new_code' })).toBe(en('errors.unknown'));
  });

  it('names only the refused steps of a macro, each with its reason', () => {
    const en = translators.en!;
    const reason = en('errors.issue.status.resolve_requires_on_going').replace(/\.$/, '');
    expect(outcomeText(en, partly)).toBe(`set status (skipped: ${reason})`);
  });

  it('counts the issues done and not done', () => {
    expect(resultCounts([done, closed, partly])).toEqual({ done: 1, failed: 2 });
  });
});

describe('the notice after a macro ran on one issue', () => {
  it('lists every step when all were done', () => {
    const notice = macroRunNotice(translators.en!, 'Follow-up', {
      issueId: 7,
      ok: true,
      code: null,
      steps: [
        { type: 'add_tag', ok: true, code: null },
        { type: 'send_canned', ok: true, code: null },
      ],
    });
    expect(notice).toEqual({
      kind: 'success',
      text: 'Macro “Follow-up” ran on #7: add tag, send canned response.',
    });
  });

  it('warns with the skipped steps and their reasons', () => {
    const notice = macroRunNotice(translators.th!, 'ติดตาม', partly);
    expect(notice.kind).toBe('warning');
    expect(notice.text).toContain('#3');
    expect(notice.text).toContain('เพิ่มแท็ก, เปลี่ยนสถานะ (ข้าม: ');
  });

  it('says the macro did not run when the issue refused it as a whole', () => {
    const notice = macroRunNotice(translators.en!, 'Follow-up', { ...closed, code: 'issue.not_found' });
    expect(notice).toEqual({
      kind: 'error',
      text: `Macro “Follow-up” did not run on #2: ${translators.en!('errors.issue.not_found')}`,
    });
  });
});
