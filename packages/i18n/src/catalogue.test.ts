import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ERROR_CODES } from '@sabai/contracts';
import { leafKeys, resources } from './index';

const en = resources.en.translation;
const th = resources.th.translation;

const placeholders = (text: string): string[] =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();

function valueAt(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('catalogues', () => {
  const enKeys = leafKeys(en);
  const thKeys = leafKeys(th);

  it('th has no missing key', () => {
    expect(enKeys.filter((key) => !thKeys.includes(key))).toEqual([]);
  });

  it('th has no extra key', () => {
    expect(thKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it('has no empty text', () => {
    const empty = [
      ...enKeys.map((k) => ['en', k, valueAt(en, k)]),
      ...thKeys.map((k) => ['th', k, valueAt(th, k)]),
    ]
      .filter(([, , value]) => typeof value !== 'string' || value.trim() === '')
      .map(([lang, key]) => `${String(lang)}:${String(key)}`);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation variables in both languages', () => {
    const different = enKeys.filter(
      (key) =>
        placeholders(String(valueAt(en, key))).join() !== placeholders(String(valueAt(th, key))).join(),
    );
    expect(different).toEqual([]);
  });

  it('translates Thai texts into Thai script, not transliteration', () => {
    const sameAsEnglish = enKeys.filter(
      (key) => valueAt(en, key) === valueAt(th, key) && /[a-z]{4,}/i.test(String(valueAt(en, key))),
    );
    // Proper names (the product, the channel brands) and language names stay as they are.
    expect(sameAsEnglish).toEqual([
      'app.name',
      'languages.en',
      'channels.types.line',
      'channels.types.facebook',
      'channels.types.instagram',
      'contacts.channelType.line',
      'contacts.channelType.facebook',
      'contacts.channelType.instagram',
    ]);
  });
});

describe('error texts', () => {
  const codes: string[] = [...ERROR_CODES, ...CLIENT_ERROR_CODES];

  it('has an en and a th text for every code the server sends or the web client uses', () => {
    const missing = codes.flatMap((code) =>
      (['en', 'th'] as const)
        .filter((lang) => typeof valueAt(resources[lang].translation, `errors.${code}`) !== 'string')
        .map((lang) => `${lang}:${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no text for a code that nobody sends', () => {
    expect(leafKeys(en.errors).filter((code) => !codes.includes(code))).toEqual([]);
  });
});

describe('fixed texts', () => {
  it('keeps the exact wording of the fixed messages', () => {
    expect(en.password.mismatch).toBe('The two passwords that you entered do not match!');
    expect(en.auth.invalid_credentials).toBe('Invalid email address or password');
    expect(en.auth.current_password_incorrect).toBe('Current password incorrect');
    expect(en.errors.channel.keyword_exists).toBe('Keyword is already exists.');
    expect(en.errors.channel.plan_limit).toBe("Can't add channel, Please contact sale");
    expect(en.errors.channel.holiday_cannot_remove).toBe('This holiday cannot remove.');
    expect(en.channels.form.takeover.text).toBe(
      'This channel is used in another organisation. Take it over? The other organisation will stop receiving its messages.',
    );
  });
});
