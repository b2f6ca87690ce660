// The policy texts of every language, for the /policy page to load on demand.
import { policyEn } from './policy.en';
import { policyTh } from './policy.th';
import type { PolicyCatalogue } from './types';

export const policy: Record<'en' | 'th', PolicyCatalogue> = { en: policyEn, th: policyTh };
