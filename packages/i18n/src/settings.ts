// The organisation settings screens' texts of every language, for the web app to load with those screens.
import { settingsEn } from './settings.en';
import { settingsTh } from './settings.th';
import type { SettingsCatalogue } from './types';

export const settingsTexts: Record<'en' | 'th', SettingsCatalogue> = { en: settingsEn, th: settingsTh };
