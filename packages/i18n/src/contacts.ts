// The contacts screen's texts of every language, for the web app to load with that screen.
import { contactsEn } from './contacts.en';
import { contactsTh } from './contacts.th';
import type { ContactsCatalogue } from './types';

export const contactsTexts: Record<'en' | 'th', ContactsCatalogue> = { en: contactsEn, th: contactsTh };
