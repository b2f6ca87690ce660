// The light part of the package: English (the source and fallback), the language list and helpers.
// The web app imports this entry ('@sabai/i18n/core') so Thai and the policy stay out of its first load.
export type { Catalogue, ChannelsCatalogue, FullCatalogue, PolicyCatalogue, TranslationKey } from './types';
export type { ErrorTexts } from './error-texts';
export { en } from './en';

/** The languages the product ships; the default is en. */
export const languages = ['en', 'th'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Narrows any value (such as a `lang` query parameter) to a supported language. */
export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'th';
}

/** Lists the dotted leaf keys of a catalogue object (used by the completeness checks). */
export function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.slice(0, -1)];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, `${prefix}${key}.`));
}
