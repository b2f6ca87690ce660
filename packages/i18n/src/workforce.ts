// The workforce texts (time off, auto-assignment, roles) of every language, for the web app to load with
// the screens that show them.
import { workforceEn } from './workforce.en';
import { workforceTh } from './workforce.th';
import type { WorkforceCatalogue } from './types';

export const workforceTexts: Record<'en' | 'th', WorkforceCatalogue> = { en: workforceEn, th: workforceTh };
