// The agent workspace's texts of every language, for the web app to load with the inbox and kanban.
import { inboxEn } from './inbox.en';
import { inboxTh } from './inbox.th';
import type { InboxCatalogue } from './types';

export const inboxTexts: Record<'en' | 'th', InboxCatalogue> = { en: inboxEn, th: inboxTh };
