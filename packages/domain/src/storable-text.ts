// Text the database can store (docs/decisions/platform.md "Unstorable text"): PostgreSQL text and jsonb cannot hold
// U+0000, and a lone UTF-16 surrogate has no UTF-8 form (jsonb refuses its \uD8xx escape). What people send
// through the API is refused (400 validation.invalid_text); what providers send is kept, made storable.

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** Whether `text` holds a character the database cannot store. */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** `text` made storable: NULs removed, lone surrogates replaced by U+FFFD (as a UTF-8 encoder does). */
export function toStorableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, (c) => (c === '\u0000' ? '' : '\uFFFD'));
}
