// The audit log screen's texts of every language, for the web app to load with that screen.
import { auditEn } from './audit.en';
import { auditTh } from './audit.th';
import type { AuditCatalogue } from './types';

export const auditTexts: Record<'en' | 'th', AuditCatalogue> = { en: auditEn, th: auditTh };
