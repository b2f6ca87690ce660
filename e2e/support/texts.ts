// The app's texts as the journeys expect them, read from the catalogues (packages/i18n).
import { catalogueText } from '@sabai/i18n';
import type { TranslationKey } from '@sabai/i18n';
import type { Locale } from './browser';

/** The text of a catalogue key in a language, with {{placeholders}} filled in. */
export function text(
  lang: Locale,
  key: TranslationKey,
  values: Record<string, string | number> = {},
): string {
  return catalogueText(lang, key, values);
}
