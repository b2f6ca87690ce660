// Personal data taken out of a text before it leaves for a model endpoint (data rules): email
// addresses, phone numbers (Thai and international) and Thai national ID numbers become placeholders, so the
// model still sees that something was there. Erring towards redaction: a 10-digit order number that starts
// with 0 reads as a phone number and goes too.

export type PersonalDataKind = 'email' | 'phone' | 'nationalId';

/** What each kind becomes. */
export const PERSONAL_DATA_PLACEHOLDERS: Record<PersonalDataKind, string> = {
  email: '[email]',
  phone: '[phone]',
  nationalId: '[national ID]',
};

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
// A Thai ID written in its groups (1-4-5-2-1) is an ID whatever its check digit; 13 digits in a row only
// when the check digit agrees (otherwise an order or tracking number).
const GROUPED_NATIONAL_ID = /(?<!\d)\d[ -]\d{4}[ -]\d{5}[ -]\d{2}[ -]\d(?!\d)/g;
const PLAIN_NATIONAL_ID = /(?<!\d)\d{13}(?!\d)/g;
// `+` and a country code, then digit groups: 8 to 15 digits in all (E.164).
const INTERNATIONAL_PHONE = /(?<![\d+])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?!\d)/g;
// Thai numbers dialled at home: 0, then 8 digits (landlines, 02-123-4567) or 9 (mobiles, 081 234 5678),
// with single spaces, dots or dashes anywhere between them.
const THAI_PHONE = /(?<!\d)0\d(?:[ .-]?\d){7,8}(?!\d)/g;

/**
 * `text` with the personal data of the given kinds replaced by their placeholders, and how many of each
 * were found.
 */
export function redactPersonalData(text: string, kinds: readonly PersonalDataKind[]) {
  const found: Record<PersonalDataKind, number> = { email: 0, phone: 0, nationalId: 0 };
  const replace = (input: string, pattern: RegExp, kind: PersonalDataKind, accepts = (_: string) => true) =>
    input.replace(pattern, (match) => {
      if (!accepts(match)) return match;
      found[kind] += 1;
      return PERSONAL_DATA_PLACEHOLDERS[kind];
    });
  let result = text;
  // Emails first: their local part may hold digits that read as a phone number.
  if (kinds.includes('email')) result = replace(result, EMAIL, 'email');
  // IDs before phones: 13 digits in groups would otherwise partly read as a phone number.
  if (kinds.includes('nationalId')) {
    result = replace(result, GROUPED_NATIONAL_ID, 'nationalId');
    result = replace(result, PLAIN_NATIONAL_ID, 'nationalId', isThaiNationalId);
  }
  if (kinds.includes('phone')) {
    result = replace(result, INTERNATIONAL_PHONE, 'phone', (m) => isDigitCountWithin(m, 8, 15));
    result = replace(result, THAI_PHONE, 'phone');
  }
  return { text: result, found };
}

/**
 * `text` with every kind of personal data taken out, not replaced: a knowledge base search for a customer's
 * question (a phone number or an email finds no article, and would only dilute the words that do).
 */
export function withoutPersonalData(text: string) {
  const kinds = Object.keys(PERSONAL_DATA_PLACEHOLDERS) as PersonalDataKind[];
  let result = redactPersonalData(text, kinds).text;
  for (const placeholder of Object.values(PERSONAL_DATA_PLACEHOLDERS))
    result = result.split(placeholder).join(' ');
  return result;
}

/** Whether 13 digits carry a valid Thai national ID check digit (the last). */
export function isThaiNationalId(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 13) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

const isDigitCountWithin = (value: string, min: number, max: number) => {
  const count = value.replace(/\D/g, '').length;
  return count >= min && count <= max;
};
