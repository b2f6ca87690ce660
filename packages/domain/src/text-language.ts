// The language a customer writes in, read from the script of their text (translate): Thai and the
// scripts of the neighbours who write to Thai shops (Lao, Khmer, Burmese, Chinese, Japanese, Korean,
// Vietnamese), Latin as English. No statistical model: a script is certain, and the model that translates
// is told the language by name, so "English" for any Latin text is a safe default (it names the target,
// the model reads the source as it is).

export const TEXT_LANGUAGES = ['th', 'en', 'lo', 'km', 'my', 'zh', 'ja', 'ko', 'vi'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** Each language's name in English, as a model is told it. */
export const TEXT_LANGUAGE_NAMES: Record<TextLanguage, string> = {
  th: 'Thai',
  en: 'English',
  lo: 'Lao',
  km: 'Khmer',
  my: 'Burmese',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  vi: 'Vietnamese',
};

const SCRIPTS: Array<[TextLanguage, RegExp]> = [
  ['th', /\p{Script=Thai}/gu],
  ['lo', /\p{Script=Lao}/gu],
  ['km', /\p{Script=Khmer}/gu],
  ['my', /\p{Script=Myanmar}/gu],
  // Kana before Han: Japanese mixes both.
  ['ja', /[\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['ko', /\p{Script=Hangul}/gu],
  ['zh', /\p{Script=Han}/gu],
];
// Vietnamese is Latin with its own tone marks (ơ, ư, đ and stacked accents).
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu;
const LATIN = /\p{Script=Latin}/gu;

/**
 * The language `text` is written in, or null when it has no letters (a sticker's text, digits, emoji). The
 * script with the most letters wins, so a Thai sentence with an English product name is Thai; Japanese is
 * chosen over Chinese as soon as kana appear.
 */
export function detectTextLanguage(text: string): TextLanguage | null {
  let best: TextLanguage | null = null;
  let bestCount = 0;
  for (const [language, pattern] of SCRIPTS) {
    const count = text.match(pattern)?.length ?? 0;
    if (language === 'ja' && count > 0) return 'ja';
    if (count > bestCount) [best, bestCount] = [language, count];
  }
  const latin = text.match(LATIN)?.length ?? 0;
  if (latin > bestCount) return VIETNAMESE.test(text) ? 'vi' : 'en';
  return best;
}

/** The language of a customer's latest messages that have letters (newest first), or null. */
export function customerLanguage(textsNewestFirst: readonly string[]): TextLanguage | null {
  for (const text of textsNewestFirst) {
    const language = detectTextLanguage(text);
    if (language) return language;
  }
  return null;
}
