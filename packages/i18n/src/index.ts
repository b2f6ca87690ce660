import { en } from './en';
import { th } from './th';
import { policyEn } from './policy.en';
import { policyTh } from './policy.th';
import type { Language } from './core';
import type { FullCatalogue } from './types';

export * from './core';
export { th } from './th';
export { policyEn } from './policy.en';
export { policyTh } from './policy.th';

/**
 * Every text of every language as i18next resources (one `translation` namespace). The web app does
 * not import this: it bundles English from '@sabai/i18n/core' and loads '@sabai/i18n/th' and
 * '@sabai/i18n/policy' on demand.
 */
export const resources: Record<Language, { translation: FullCatalogue }> = {
  en: { translation: { ...en, policy: policyEn } },
  th: { translation: { ...th, policy: policyTh } },
};
