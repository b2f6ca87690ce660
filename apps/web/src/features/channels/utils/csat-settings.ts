// A channel's satisfaction survey as its form holds it, and the PUT body
// (packages/contracts csat.ts CsatSettingsSchema: each text 1–500 characters once trimmed).
import { CSAT_TEXT_MAX, type CsatSettings } from '@sabai/contracts';

export { CSAT_TEXT_MAX };

export type CsatTextField = ['question' | 'thankYou', 'en' | 'th'];

/** The four texts, in the order the form shows them. */
export const CSAT_TEXT_FIELDS: readonly CsatTextField[] = [
  ['question', 'en'],
  ['question', 'th'],
  ['thankYou', 'en'],
  ['thankYou', 'th'],
];

/** What a text field's value is refused for, if anything (the server trims before it checks). */
export function csatTextProblem(value: string | undefined): 'required' | 'tooLong' | null {
  const text = (value ?? '').trim();
  if (!text) return 'required';
  return text.length > CSAT_TEXT_MAX ? 'tooLong' : null;
}

/** The PUT body: the texts trimmed, as the server stores them. */
export function toSaveRequest(values: CsatSettings): CsatSettings {
  return {
    enabled: values.enabled,
    question: { en: values.question.en.trim(), th: values.question.th.trim() },
    thankYou: { en: values.thankYou.en.trim(), th: values.thankYou.th.trim() },
  };
}

/** Whether the form differs from the saved settings (what Save would change). */
export function hasChanges(values: CsatSettings | undefined, saved: CsatSettings): boolean {
  if (!values?.question || !values.thankYou) return false;
  return JSON.stringify(toSaveRequest(values)) !== JSON.stringify(toSaveRequest(saved));
}

/** '/question/en' or 'thankYou.th' (a validation detail's path) → the field it names. */
export function csatFieldOfPath(path: string): CsatTextField | null {
  const match = /^\/?(question|thankYou)[/.](en|th)$/.exec(path);
  return match ? [match[1] as CsatTextField[0], match[2] as CsatTextField[1]] : null;
}
