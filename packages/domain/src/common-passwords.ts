// Kept out of the main entry (import '@sabai/domain/common-passwords') because the list is ~49k words
// decompressed at import time: the server always wants it, the web bundle only where a password is set.
import { dictionary } from '@zxcvbn-ts/language-common';

let commonPasswords: Set<string> | undefined;

/** Whether the password is on zxcvbn's common-password list, ignoring case. */
export function isCommonPassword(pw: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return commonPasswords.has(pw.toLowerCase());
}
