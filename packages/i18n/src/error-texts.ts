// The type of the catalogues' `errors` section: one text for every error code, nested at the dots as
// i18next reads `errors.<code>` (`issue.status.closed` is errors.issue.status.closed).
import type { TranslatedErrorCode } from '@sabai/contracts';

type Group<Code extends string> = Code extends `${infer Head}.${string}` ? Head : Code;
type Rest<Code extends string, Head extends string> = Code extends `${Head}.${infer Tail}` ? Tail : never;

/** Texts keyed by the dotted codes in `Codes`; a missing or unknown code is a type error. */
export type TextsOf<Codes extends string> = {
  [Head in Group<Codes>]: Head extends Codes ? string : TextsOf<Rest<Codes, Head>>;
};

/** The `errors` section of a language: a text for every code the server sends and the web client uses. */
export type ErrorTexts = TextsOf<TranslatedErrorCode>;
