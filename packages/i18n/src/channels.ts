// The channel settings screen's texts of every language, for the web app to load with that screen.
import { channelsEn } from './channels.en';
import { channelsTh } from './channels.th';
import type { ChannelsCatalogue } from './types';

export const channelTexts: Record<'en' | 'th', ChannelsCatalogue> = { en: channelsEn, th: channelsTh };
