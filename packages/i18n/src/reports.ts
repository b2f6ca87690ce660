// The dashboard's and reports' texts of every language, for the web app to load with those screens.
import { reportsEn } from './reports.en';
import { reportsTh } from './reports.th';
import type { ReportsCatalogue } from './types';

export const reportsTexts: Record<'en' | 'th', ReportsCatalogue> = { en: reportsEn, th: reportsTh };
