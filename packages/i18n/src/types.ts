import type { channelsEn } from './channels.en';
import type { en } from './en';
import type { policyEn } from './policy.en';
import type { settingsEn } from './settings.en';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape of the main catalogue: the English keys with any string values. */
export type Catalogue = Widen<typeof en>;

/** The shape of the privacy-policy texts, loaded only by /policy. */
export type PolicyCatalogue = Widen<typeof policyEn>;

/** The texts of the channel settings screen (`channels.*` and `errors.channel.*`), loaded with it. */
export type ChannelsCatalogue = Widen<typeof channelsEn>;

/** The texts of the organisation settings screens (tags, canned responses, …), loaded with them. */
export type SettingsCatalogue = Widen<typeof settingsEn>;

/**
 * Everything a language provides: the main catalogue, the policy under `policy`, the channel screen's
 * texts and the settings screens' texts.
 */
export type FullCatalogue = Catalogue & { policy: PolicyCatalogue } & ChannelsCatalogue & SettingsCatalogue;

type LeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translatable key as a dotted path, e.g. `login.title`. */
export type TranslationKey = LeafPaths<FullCatalogue>;
