// i18next set-up: the catalogues of @sabai/i18n, the language taken from the URL's lang parameter.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';
import 'dayjs/locale/th';
import { defaultLanguage, en, isLanguage } from '@sabai/i18n/core';
import type { FullCatalogue, Language, TranslationKey } from '@sabai/i18n';
import { roleNamesOf } from '@sabai/domain';
import { isTranslatedErrorCode, type TranslatedErrorCode } from '@sabai/contracts';
import { ApiError } from './api-client';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: FullCatalogue };
  }
}

/** The language a URL asks for (default en). */
export function languageFromSearch(search: string): Language {
  const lang = new URLSearchParams(search).get('lang');
  return isLanguage(lang) ? lang : defaultLanguage;
}

// English ships in the main bundle (it is the fallback); Thai and the policy texts load on demand.
const antdLocales: Partial<Record<Language, Locale>> = { en: enUS };

async function ensureCatalogue(language: Language): Promise<void> {
  // Probe a main-catalogue key, not the bundle: the policy and channel texts may have added one already.
  if (language === 'en' || i18next.getResource(language, 'translation', 'app.name') !== undefined) return;
  const [{ th }, { default: thTH }] = await Promise.all([
    import('@sabai/i18n/th'),
    import('antd/es/locale/th_TH'),
  ]);
  i18next.addResourceBundle('th', 'translation', th, true, true);
  antdLocales.th = thTH;
}

/** Ant Design's texts (date pickers, pagination, empty states) for a language already applied. */
export function antdLocaleFor(language: string): Locale {
  return (isLanguage(language) && antdLocales[language]) || enUS;
}

/** Loads the privacy-policy texts of both languages (only /policy needs them). */
export async function ensurePolicyTexts(): Promise<void> {
  if (i18next.exists('policy.title', { lng: 'en' })) return;
  const { policy } = await import('@sabai/i18n/policy');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', { policy: policy[language] }, true, true);
  }
}

/** Loads the channel settings texts of both languages (only /setting/channel needs them). */
export async function ensureChannelTexts(): Promise<void> {
  if (i18next.exists('channels.title', { lng: 'en' })) return;
  const { channelTexts } = await import('@sabai/i18n/channels');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', channelTexts[language], true, false);
  }
}

/** Loads the organisation settings screens' texts of both languages (tags, canned responses, …). */
export async function ensureSettingsTexts(): Promise<void> {
  if (i18next.exists('list.search', { lng: 'en' })) return;
  const { settingsTexts } = await import('@sabai/i18n/settings');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', settingsTexts[language], true, false);
  }
}

/** Loads the agent workspace's texts of both languages (inbox, chat, kanban). */
export async function ensureInboxTexts(): Promise<void> {
  if (i18next.exists('inbox.title', { lng: 'en' })) return;
  const { inboxTexts } = await import('@sabai/i18n/inbox');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', inboxTexts[language], true, false);
  }
}

/** Loads the dashboard's and the performance reports' texts of both languages. */
export async function ensureReportsTexts(): Promise<void> {
  if (i18next.exists('reports.overall', { lng: 'en' })) return;
  const { reportsTexts } = await import('@sabai/i18n/reports');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', reportsTexts[language], true, false);
  }
}

/** Loads the contacts screen's texts of both languages. */
export async function ensureContactsTexts(): Promise<void> {
  if (i18next.exists('contacts.title', { lng: 'en' })) return;
  const { contactsTexts } = await import('@sabai/i18n/contacts');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', contactsTexts[language], true, false);
  }
}

/** Loads the workforce texts of both languages (time off, auto-assignment, roles). */
export async function ensureWorkforceTexts(): Promise<void> {
  if (i18next.exists('timeOff.request.title', { lng: 'en' })) return;
  const { workforceTexts } = await import('@sabai/i18n/workforce');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', workforceTexts[language], true, false);
  }
}

/** Loads the audit log screen's texts of both languages. */
export async function ensureAuditTexts(): Promise<void> {
  if (i18next.exists('auditLog.title', { lng: 'en' })) return;
  const { auditTexts } = await import('@sabai/i18n/audit');
  for (const language of ['en', 'th'] as const) {
    i18next.addResourceBundle(language, 'translation', auditTexts[language], true, false);
  }
}

/** Applies a language to i18next (loading its texts first), dayjs and the document. */
export async function applyLanguage(language: Language): Promise<void> {
  await ensureCatalogue(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  dayjs.locale(language);
  document.documentElement.lang = language;
  // Installed from this page, the app opens in this language (build/web-manifest.ts writes one per language).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${language}.webmanifest`);
}

/**
 * i18next, started synchronously with the bundled English texts when this module loads (the router runs
 * its first loaders as soon as it is created); the root loader then applies the URL's language.
 */
export const i18n = initI18n();

function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: ['en', 'th'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}

/**
 * The translation key for an error: `errors.<code>` for a code of @sabai/contracts (every one has a text,
 * bundled with the main catalogue), else the fallback, for a code an older or newer server sent.
 */
export function errorKey(error: unknown, fallback: TranslationKey = 'errors.unknown'): TranslationKey {
  return error instanceof ApiError && isTranslatedErrorCode(error.code) ? errorCodeKey(error.code) : fallback;
}

/**
 * The translation key of an error code met as data (an audit entry's outcome), or null for a code this
 * build has no text for (an older or newer server's): the screen then shows the code itself.
 */
export function errorCodeTextKey(code: string): TranslationKey | null {
  return isTranslatedErrorCode(code) ? errorCodeKey(code) : null;
}

/** The catalogue key of an error code; the type check proves every code's key exists. */
const errorCodeKey = (code: TranslatedErrorCode): TranslationKey => `errors.${code}`;

/** The catalogue key naming a role, or null for an unknown role name. */
export function roleKey(roleName: string | undefined): TranslationKey | null {
  const known = roleNamesOf(roleName ? [roleName] : [])[0];
  return known ? `roles.${known}` : null;
}
