import type { channelsEn } from './channels.en';
import type { en } from './en';
import type { policyEn } from './policy.en';
import type { settingsEn } from './settings.en';
import type { workforceEn } from './workforce.en';
import type { inboxEn } from './inbox.en';
import type { contactsEn } from './contacts.en';
import type { reportsEn } from './reports.en';
import type { auditEn } from './audit.en';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape of the main catalogue: the English keys with any string values. */
export type Catalogue = Widen<typeof en>;

/** The shape of the privacy-policy texts, loaded only by /policy. */
export type PolicyCatalogue = Widen<typeof policyEn>;

/** The texts of the channel settings screen (`channels.*`), loaded with it. */
export type ChannelsCatalogue = Widen<typeof channelsEn>;

/** The texts of the organisation settings screens (tags, canned responses, …), loaded with them. */
export type SettingsCatalogue = Widen<typeof settingsEn>;

/** The texts of time off, auto-assignment and the roles' permissions, loaded with them. */
export type WorkforceCatalogue = Widen<typeof workforceEn>;

/** The texts of the agent workspace (inbox, chat, kanban), loaded with it. */
export type InboxCatalogue = Widen<typeof inboxEn>;

/** The texts of the contacts screen, loaded with it. */
export type ContactsCatalogue = Widen<typeof contactsEn>;

/** The texts of the dashboard and the performance reports, loaded with them. */
export type ReportsCatalogue = Widen<typeof reportsEn>;

/** The texts of the audit log screen, loaded with it. */
export type AuditCatalogue = Widen<typeof auditEn>;

/**
 * Everything a language provides: the main catalogue, the policy under `policy`, the channel screen's
 * texts and the settings screens' texts.
 */
export type FullCatalogue = Catalogue & { policy: PolicyCatalogue } & ChannelsCatalogue &
  SettingsCatalogue &
  InboxCatalogue &
  ContactsCatalogue &
  ReportsCatalogue &
  WorkforceCatalogue &
  AuditCatalogue;

type LeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translatable key as a dotted path, e.g. `login.title`. */
export type TranslationKey = LeafPaths<FullCatalogue>;
