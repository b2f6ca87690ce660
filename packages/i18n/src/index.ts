import { en } from './en';
import { th } from './th';
import { policyEn } from './policy.en';
import { policyTh } from './policy.th';
import { channelsEn } from './channels.en';
import { channelsTh } from './channels.th';
import type { Language } from './core';
import type { FullCatalogue } from './types';

export * from './core';
export { th } from './th';
export { policyEn } from './policy.en';
export { policyTh } from './policy.th';
export { channelsEn } from './channels.en';
export { channelsTh } from './channels.th';

/**
 * Every text of every language as i18next resources (one `translation` namespace). The web app does
 * not import this: it bundles English from '@sabai/i18n/core' and loads '@sabai/i18n/th',
 * '@sabai/i18n/policy' and '@sabai/i18n/channels' on demand.
 */
export const resources: Record<Language, { translation: FullCatalogue }> = {
  en: {
    translation: {
      ...en,
      errors: { ...en.errors, ...channelsEn.errors },
      channels: channelsEn.channels,
      policy: policyEn,
    },
  },
  th: {
    translation: {
      ...th,
      errors: { ...th.errors, ...channelsTh.errors },
      channels: channelsTh.channels,
      policy: policyTh,
    },
  },
};
