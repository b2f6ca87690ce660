// The app's texts as the journeys expect them, read from the catalogues (packages/i18n).
import { resources } from '@sabai/i18n';
import type { TranslationKey } from '@sabai/i18n';
import type { Locale } from './browser';

/** The text of a catalogue key in a language, with {{placeholders}} filled in. */
export function text(
  lang: Locale,
  key: TranslationKey,
  values: Record<string, string | number> = {},
): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      resources[lang].translation,
    );
  if (typeof found !== 'string') throw new Error(`No text for ${key} in ${lang}`);
  return found.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
}
