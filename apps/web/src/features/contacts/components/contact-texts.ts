// Catalogue keys of the contact values the screen shows (literal, so the i18n usage check sees them).
import type { ConsentStatus } from '@sabai/contracts';
import type { ChannelType } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';

export const CHANNEL_TYPE_KEYS: Record<ChannelType, TranslationKey> = {
  line: 'contacts.channelType.line',
  facebook: 'contacts.channelType.facebook',
  instagram: 'contacts.channelType.instagram',
};

export const GENDER_KEYS: Record<'male' | 'female', TranslationKey> = {
  male: 'contacts.gender.male',
  female: 'contacts.gender.female',
};

export const CONSENT_KEYS: Record<ConsentStatus, TranslationKey> = {
  unknown: 'contacts.consent.unknown',
  given: 'contacts.consent.given',
  withdrawn: 'contacts.consent.withdrawn',
};

export const SORT_KEYS = {
  lastContact: 'contacts.sort.lastContact',
  createdAt: 'contacts.sort.createdAt',
  displayName: 'contacts.sort.displayName',
} as const satisfies Record<string, TranslationKey>;
