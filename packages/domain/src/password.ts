// Password rules: 8 to 30 characters, an English letter and a digit, no character three times in a row,
// not a common password. Each problem is a stable code the web translates.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;

export type PasswordProblem =
  'password.length' | 'password.letter' | 'password.digit' | 'password.repeated' | 'password.common';

/** Code for a confirmation that differs from the new password. */
export const PASSWORD_MISMATCH = 'password.mismatch' as const;

const ENGLISH_LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
// The `u` flag keeps a surrogate pair as one character; `s` lets "\n\n\n" count as a repeat too.
const THREE_IN_A_ROW = /(.)\1\1/su;

/** Every password rule the password breaks, in a fixed order; empty when it is acceptable. */
export function validatePassword(password: string, isCommon?: (pw: string) => boolean): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  // Count characters (code points), not UTF-16 units, so an emoji is one character.
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) problems.push('password.length');
  if (!ENGLISH_LETTER.test(password)) problems.push('password.letter');
  if (!DIGIT.test(password)) problems.push('password.digit');
  if (THREE_IN_A_ROW.test(password)) problems.push('password.repeated');
  // The common list is large, so callers pass it in (see ./common-passwords) only where they can afford it.
  if (isCommon?.(password)) problems.push('password.common');
  return problems;
}

/** Whether the confirmation equals the new password exactly. */
export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}
