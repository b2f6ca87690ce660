import { en } from './en';
import { th } from './th';
import { policyEn } from './policy.en';
import { policyTh } from './policy.th';
import { channelsEn } from './channels.en';
import { channelsTh } from './channels.th';
import { settingsEn } from './settings.en';
import { settingsTh } from './settings.th';
import { workforceEn } from './workforce.en';
import { workforceTh } from './workforce.th';
import { inboxEn } from './inbox.en';
import { inboxTh } from './inbox.th';
import { contactsEn } from './contacts.en';
import { contactsTh } from './contacts.th';
import { reportsEn } from './reports.en';
import { reportsTh } from './reports.th';
import { auditEn } from './audit.en';
import { auditTh } from './audit.th';
import type { Language } from './core';
import type { FullCatalogue, TranslationKey } from './types';

export * from './core';
export { th } from './th';
export { errorsEn } from './errors.en';
export { errorsTh } from './errors.th';
export { policyEn } from './policy.en';
export { policyTh } from './policy.th';
export { channelsEn } from './channels.en';
export { channelsTh } from './channels.th';
export { settingsEn } from './settings.en';
export { settingsTh } from './settings.th';
export { workforceEn } from './workforce.en';
export { workforceTh } from './workforce.th';
export { inboxEn } from './inbox.en';
export { inboxTh } from './inbox.th';
export { contactsEn } from './contacts.en';
export { contactsTh } from './contacts.th';
export { reportsEn } from './reports.en';
export { reportsTh } from './reports.th';
export { auditEn } from './audit.en';
export { auditTh } from './audit.th';

/**
 * Every text of every language as i18next resources (one `translation` namespace). The web app does
 * not import this: it bundles English from '@sabai/i18n/core' and loads '@sabai/i18n/th',
 * '@sabai/i18n/policy', '@sabai/i18n/channels' and '@sabai/i18n/settings' on demand.
 */
export const resources: Record<Language, { translation: FullCatalogue }> = {
  en: {
    translation: {
      ...en,
      ...settingsEn,
      ...workforceEn,
      channels: channelsEn.channels,
      inbox: inboxEn.inbox,
      contacts: contactsEn.contacts,
      reports: reportsEn.reports,
      auditLog: auditEn.auditLog,
      policy: policyEn,
    },
  },
  th: {
    translation: {
      ...th,
      ...settingsTh,
      ...workforceTh,
      channels: channelsTh.channels,
      inbox: inboxTh.inbox,
      contacts: contactsTh.contacts,
      reports: reportsTh.reports,
      auditLog: auditTh.auditLog,
      policy: policyTh,
    },
  },
};

/**
 * The text of a key in a language with its {{placeholders}} filled in, read from the catalogues (tests
 * expect what a user reads without going through the app's i18next).
 */
export function catalogueText(
  lang: Language,
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
