import { en } from './en';
import { th } from './th';
import { policyEn } from './policy.en';
import { policyTh } from './policy.th';
import { channelsEn } from './channels.en';
import { channelsTh } from './channels.th';
import { settingsEn } from './settings.en';
import { settingsTh } from './settings.th';
import type { Language } from './core';
import type { FullCatalogue } from './types';

export * from './core';
export { th } from './th';
export { policyEn } from './policy.en';
export { policyTh } from './policy.th';
export { channelsEn } from './channels.en';
export { channelsTh } from './channels.th';
export { settingsEn } from './settings.en';
export { settingsTh } from './settings.th';

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
      errors: {
        ...en.errors,
        ...channelsEn.errors,
        ...settingsEn.errors,
        user: { ...en.errors.user, ...settingsEn.errors.user },
        file: { ...en.errors.file, ...settingsEn.errors.file },
      },
      channels: channelsEn.channels,
      policy: policyEn,
    },
  },
  th: {
    translation: {
      ...th,
      ...settingsTh,
      errors: {
        ...th.errors,
        ...channelsTh.errors,
        ...settingsTh.errors,
        user: { ...th.errors.user, ...settingsTh.errors.user },
        file: { ...th.errors.file, ...settingsTh.errors.file },
      },
      channels: channelsTh.channels,
      policy: policyTh,
    },
  },
};
