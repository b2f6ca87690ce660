import { z } from 'zod';
import { csvList, queryFlag } from './common';
import { CHANNEL_TYPES, ISSUE_STATUSES, isProvince } from '@sabai/domain';

// Contacts (/contacts): list with quick and advanced search, detail, edit,
// delete, export and the audit of who touched a customer's personal data.

export const CONTACT_GENDERS = ['male', 'female'] as const;
export const CONTACT_SORTS = ['lastContact', 'createdAt', 'displayName'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export const CONSENT_STATUSES = ['unknown', 'given', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** Quick search and every advanced filter; days are yyyy-mm-dd in the organisation's time zone, inclusive. */
export const ContactFilterSchema = z.object({
  search: z.string().trim().max(100).optional(),
  /** Channel types the contact has an identity on. */
  channel: csvList(z.enum(CHANNEL_TYPES), 100).optional(),
  /** Channel ids (the LINE OA, Page or Instagram account: "page"). */
  page: csvList(z.uuid(), 100).optional(),
  gender: z.enum(CONTACT_GENDERS).optional(),
  province: csvList(z.string().max(60), 100).optional(),
  birthdateFrom: z.iso.date().optional(),
  birthdateTo: z.iso.date().optional(),
  createdFrom: z.iso.date().optional(),
  createdTo: z.iso.date().optional(),
  lastContactFrom: z.iso.date().optional(),
  lastContactTo: z.iso.date().optional(),
  /** Tags on any of the contact's issues. */
  tag: csvList(z.uuid(), 100).optional(),
  hasOpenIssue: queryFlag.optional(),
  /** Only these contacts (the table's selection, for export). */
  ids: csvList(z.uuid(), 1000).optional(),
});
export type ContactFilter = z.infer<typeof ContactFilterSchema>;

export const ContactListQuerySchema = ContactFilterSchema.extend({
  sort: z.enum(CONTACT_SORTS).default('lastContact'),
  order: z.enum(['asc', 'desc']).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ContactExportQuerySchema = ContactFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** The language of the column headings and values (gender, province). */
  lang: z.enum(['en', 'th']).default('en'),
  sort: z.enum(CONTACT_SORTS).default('lastContact'),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ContactExportQuery = z.infer<typeof ContactExportQuerySchema>;

/** One person's data as a zip; `lang` names the message columns. */
export const PersonExportQuerySchema = z.object({ lang: z.enum(['en', 'th']).default('en') });

const ContactChannelSchema = z.object({ id: z.string(), name: z.string(), type: z.enum(CHANNEL_TYPES) });

export const ContactListItemSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  province: z.string().nullable(),
  channels: z.array(ContactChannelSchema),
  lastContactAt: z.string().nullable(),
  createdAt: z.string(),
  /** The newest issue still un-assigned, on-going or waiting; null when none. */
  openIssueId: z.number().nullable(),
});
export type ContactListItem = z.infer<typeof ContactListItemSchema>;

export const ContactPageSchema = z.object({
  items: z.array(ContactListItemSchema),
  nextCursor: z.string().nullable(),
});
export type ContactPage = z.infer<typeof ContactPageSchema>;

export const ContactDetailSchema = ContactListItemSchema.extend({
  birthdate: z.string().nullable(),
  gender: z.enum(CONTACT_GENDERS).nullable(),
  address: z.string().nullable(),
  location: z.string().nullable(),
  consentStatus: z.enum(CONSENT_STATUSES),
  consentAt: z.string().nullable(),
  identities: z.array(
    z.object({
      id: z.string(),
      channel: ContactChannelSchema,
      externalUserId: z.string(),
      displayName: z.string(),
      isFollowing: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  issues: z.array(
    z.object({
      id: z.number(),
      status: z.enum(ISSUE_STATUSES),
      channel: ContactChannelSchema,
      startDate: z.string(),
      lastResponseAt: z.string(),
    }),
  ),
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
});
export type ContactDetail = z.infer<typeof ContactDetailSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

/** A mobile number typed with spaces or dashes is stored as its digits (9–10: Thai landline or mobile). */
export const MOBILE_DIGITS = /^0\d{8,9}$/;

/** The editable fields. Empty strings clear a field. */
export const UpdateContactSchema = z.object({
  displayName: z.string().trim().min(1).max(100),
  name: z.string().trim().max(100),
  email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, 'email'),
  mobileNumber: z
    .string()
    .nullable()
    .transform((v) => (v ? v.replace(/[\s-]/g, '') : null))
    .refine((v) => v === null || MOBILE_DIGITS.test(v), 'mobile'),
  birthdate: z.iso
    .date()
    .nullable()
    .refine(
      (v) => v === null || (v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10)),
      'birthdate',
    ),
  gender: z.enum(CONTACT_GENDERS).nullable(),
  province: z
    .string()
    .nullable()
    .refine((v) => v === null || isProvince(v), 'province'),
  address: optionalText(500),
  location: optionalText(200),
  consentStatus: z.enum(CONSENT_STATUSES),
});
export type UpdateContact = z.input<typeof UpdateContactSchema>;

/** The fields a merge chooses between. */
export const MERGE_FIELDS = [
  'displayName',
  'name',
  'email',
  'mobileNumber',
  'birthdate',
  'gender',
  'province',
  'address',
  'location',
  'consentStatus',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** Merge `sourceId` into the contact of the path: identities and issues move, the source is removed. */
export const MergeContactsSchema = z.object({
  sourceId: z.uuid(),
  /** Fields whose value comes from the source; the others keep the target's. */
  fromSource: z.array(z.enum(MERGE_FIELDS)).max(MERGE_FIELDS.length).default([]),
});
export type MergeContacts = z.input<typeof MergeContactsSchema>;

export const DeleteContactsSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

/** What the advanced search offers: the organisation's channels (pages) and tags. */
export const ContactFilterOptionsSchema = z.object({
  channels: z.array(ContactChannelSchema),
  tags: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })),
});
export type ContactFilterOptions = z.infer<typeof ContactFilterOptionsSchema>;

export const ProvinceListSchema = z.array(z.object({ en: z.string(), th: z.string() }));

export const CONTACT_AUDIT_ACTIONS = ['view', 'export', 'update', 'delete', 'merge', 'erase'] as const;
export type ContactAuditAction = (typeof CONTACT_AUDIT_ACTIONS)[number];

export const ContactAuditPageSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      action: z.enum(CONTACT_AUDIT_ACTIONS),
      contactId: z.string().nullable(),
      contactName: z.string().nullable(),
      user: z.object({ id: z.string(), displayName: z.string() }).nullable(),
      /** How many contacts an export held. */
      count: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type ContactAuditPage = z.infer<typeof ContactAuditPageSchema>;
export const ContactAuditQuerySchema = z.object({
  contactId: z.uuid().optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
