// The whole data model. Tables are plural snake_case; every organisation-owned row carries
// organization_id so repos always filter by it. Issue and message ids are numbers (the mobile chat's
// URL takes `issueId` as a number); everything else is a uuid.
import { sql } from 'drizzle-orm';
import type { MacroAction, QuickReply, RuleAction } from '@sabai/contracts';
import {
  CHANNEL_TYPES,
  ISSUE_ACTIVITY_KINDS,
  ISSUE_STATUSES,
  ROLE_NAMES,
  SLA_TARGETS,
  type PermissionMatrix,
  type RuleCondition,
  type RuleWhen,
} from '@sabai/domain';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
  doublePrecision,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
const orgId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** Key/value settings of the installation (generated secrets, VAPID keys). */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default('Asia/Bangkok'),
  planMaxUsers: integer('plan_max_users').notNull().default(50),
  planMaxChannels: integer('plan_max_channels').notNull().default(10),
  // Days a link to a file sent to a customer stays valid (domain FILE_LINK_DAYS: 1 to 90, default 7).
  fileLinkExpiryDays: integer('file_link_expiry_days').notNull().default(7),
  createdAt: createdAt(),
});

export const files = pgTable('files', {
  // Random 32-char id, served only by expiring signed links (platform/file-links.ts), never by the id alone.
  id: text('id').primaryKey(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  storage: text('storage', { enum: ['disk', 'db'] }).notNull(),
  createdAt: createdAt(),
});

/** File bodies in server mode: chunks streamed in and out, so every node sees every file. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    avatarFileId: text('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    // Raised whenever the user's signed-in sessions must stop (logout, password, deactivation, removal,
    // role change): access tokens carry the version they were signed with (`sv`) and older ones are refused.
    sessionVersion: integer('session_version').notNull().default(0),
    lastLoginAt: ts('last_login_at'),
    notifyWeb: boolean('notify_web').notNull().default(true),
    notifySound: boolean('notify_sound').notNull().default(true),
    notifyLine: boolean('notify_line').notNull().default(false),
    // LINE staff alerts replace LINE Notify (shut down 2025-03-31): the staff member's LINE userId on the OA.
    lineUserId: text('line_user_id'),
    /** The organisation's LINE channel the staff member linked through: alerts are pushed from it. */
    lineChannelId: uuid('line_channel_id'),
    /** A one-time code the staff member sends to the LINE account to link it (profile), and its expiry. */
    lineLinkCode: text('line_link_code'),
    lineLinkExpiresAt: ts('line_link_expires_at'),
    /** The Thai politeness particle AI assist writes with for this agent (profile): ค่ะ or ครับ, null unset. */
    politeParticle: text('polite_particle', { enum: ['ka', 'krap'] }),
    /**
     * A deleted account is kept as a tombstone: its name stays for the messages, issue activities
     * and reports that point to it; its email and username are released, it has no password and no sessions.
     */
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name', { enum: ROLE_NAMES }).notNull(),
    // PermissionMatrix of packages/domain: { resource: { action: scope } }.
    permissions: jsonb('permissions').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_org_name_key').on(t.organizationId, t.name)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    availability: text('availability', { enum: ['online', 'offline', 'time_off'] })
      .notNull()
      .default('offline'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('memberships_org_idx').on(t.organizationId),
  ],
);

/**
 * Who was removed from an organisation (DELETE /users/{id}), so its messages, issues and reports show them
 * as "Name (deleted)" there. Only new accounts are invited, so a removed member never comes back as the same id.
 */
export const removedMembers = pgTable(
  'removed_members',
  {
    organizationId: orgId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedAt: ts('removed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

// Failed sign-ins per (login as typed, client address): limits and delays keyed on both, so an attacker
// elsewhere cannot lock the owner out, and an unknown login is counted exactly like a known one.
export const loginFailures = pgTable(
  'login_failures',
  {
    login: text('login').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: ts('last_failure_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.login, t.source] }),
    index('login_failures_last_failure_idx').on(t.lastFailureAt),
  ],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_tokens_hash_key').on(t.tokenHash)],
);

export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    token: text('token').notNull(),
    // Web push subscription (endpoint + keys) registered for this token.
    subscription: jsonb('subscription'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('device_tokens_user_token_key').on(t.userId, t.token)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    managerUserId: uuid('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    autoReplyMessage: text('auto_reply_message').notNull().default(''),
    // Whether the manager receives issues: only in working hours, always, or never (the team's "manager working type").
    managerWorkingType: text('manager_working_type', { enum: ['working_hours', 'always', 'never'] })
      .notNull()
      .default('never'),
    assignmentMode: text('assignment_mode', { enum: ['manual', 'auto'] })
      .notNull()
      .default('manual'),
    assignmentMethod: text('assignment_method', { enum: ['round_robin', 'least_contact'] })
      .notNull()
      .default('round_robin'),
    lastAssignedUserId: uuid('last_assigned_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('teams_org_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    workStart: time('work_start').notNull(),
    workStop: time('work_stop').notNull(),
    breakStart: time('break_start').notNull(),
    breakStop: time('break_stop').notNull(),
    // ISO weekdays 1 (Monday) … 7 (Sunday) this member works.
    workingDays: smallint('working_days')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'`),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const timeOffRequests = pgTable(
  'time_off_requests',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_requests_org_idx').on(t.organizationId, t.status),
    index('time_off_requests_user_idx').on(t.userId, t.status, t.endsAt),
  ],
);

export const channels = pgTable(
  'channels',
  {
    id: id(),
    organizationId: orgId(),
    type: text('type', { enum: CHANNEL_TYPES }).notNull(),
    name: text('name').notNull(),
    // LINE channel id, Facebook Page id or Instagram professional account id.
    externalId: text('external_id').notNull(),
    // LINE bot userId (webhook `destination`); the Page linked to an Instagram account.
    botUserId: text('bot_user_id'),
    pageId: text('page_id'),
    secretEncrypted: text('secret_encrypted'),
    accessTokenEncrypted: text('access_token_encrypted'),
    assignedTeamId: uuid('assigned_team_id').references(() => teams.id, { onDelete: 'set null' }),
    reservedTeamId: uuid('reserved_team_id').references(() => teams.id, { onDelete: 'set null' }),
    assignedMode: text('assigned_mode', { enum: ['normal', 'keyword'] })
      .notNull()
      .default('normal'),
    businessHoursMode: text('business_hours_mode', { enum: ['24x7', 'custom'] })
      .notNull()
      .default('24x7'),
    offServiceResponse: text('off_service_response').notNull().default(''),
    // LINE: agents' messages carry their name and picture (`sender`) instead of the account's.
    sendAgentIdentity: boolean('send_agent_identity').notNull().default(false),
    // LINE: automatic answers (greeting, out-of-hours, AI first responder) also in groups and rooms.
    answerInGroups: boolean('answer_in_groups').notNull().default(false),
    // Opening a chat marks the customer's messages read on the platform (LINE markAsRead, Meta mark_seen).
    markReadOnOpen: boolean('mark_read_on_open').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    // Deleting keeps the row (and its issues' history); a deleted channel is inactive and hidden.
    deletedAt: ts('deleted_at'),
    // Another organisation proved control of the provider account and took it over: inactive, still listed.
    takenOverAt: ts('taken_over_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One active owner per provider account: taking a channel over deactivates the other organisation's row.
    uniqueIndex('channels_active_external_key')
      .on(t.type, t.externalId)
      .where(sql`${t.isActive}`),
    index('channels_org_idx').on(t.organizationId),
  ],
);

/**
 * A Page post or an Instagram media that comments arrived on: the preview shown above a
 * comment thread (read from the Graph API once, its picture stored as a file), and whether it collects
 * order comments ("CF") into a list.
 */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: id(),
    organizationId: orgId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    text: text('text'),
    permalink: text('permalink'),
    pictureFileId: text('picture_file_id').references(() => files.id, { onDelete: 'set null' }),
    previewStatus: text('preview_status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    postedAt: ts('posted_at'),
    collectsOrders: boolean('collects_orders').notNull().default(false),
    orderKeywords: jsonb('order_keywords').$type<string[]>().notNull().default(['CF']),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_posts_channel_external_key').on(t.channelId, t.externalId)],
);

/** Comment rules of a channel: a keyword in a comment sends a canned response as a private reply. */
export const commentRules = pgTable(
  'comment_rules',
  {
    id: id(),
    organizationId: orgId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull(),
    cannedResponseId: uuid('canned_response_id')
      .notNull()
      .references(() => cannedResponses.id, { onDelete: 'cascade' }),
    // A public answer under the comment ("sent you a message"), '' for none.
    publicReply: text('public_reply').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('comment_rules_channel_idx').on(t.channelId, t.position)],
);

/** Once per commenter per post: the comment a rule answered (the key refuses a second). */
export const commentRuleReplies = pgTable(
  'comment_rule_replies',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    externalUserId: text('external_user_id').notNull(),
    ruleId: uuid('rule_id').references(() => commentRules.id, { onDelete: 'set null' }),
    commentId: text('comment_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.externalUserId] })],
);

/** The order list ("CF") of a live-commerce post: one row per order comment. */
export const postOrders = pgTable(
  'post_orders',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').notNull(),
    externalUserId: text('external_user_id').notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    issueId: bigint('issue_id', { mode: 'number' }),
    // The comment's message: within one second (Meta's precision) the list keeps the order they arrived in.
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    commentedAt: ts('commented_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.commentId] }),
    index('post_orders_post_time_idx').on(t.postId, t.commentedAt, t.messageId),
  ],
);

export const channelKeywords = pgTable(
  'channel_keywords',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('channel_keywords_key').on(t.channelId, sql`lower(${t.keyword})`)],
);

/** Pages listed by a Facebook Login, kept briefly (tokens encrypted) while an admin picks one to connect. */
export const metaConnections = pgTable('meta_connections', {
  id: id(),
  organizationId: orgId(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  // [{ id, name, instagramAccountId, tokenEncrypted }]
  pages: jsonb('pages').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Working days and shifts of a channel with custom business hours. */
export const channelShifts = pgTable('channel_shifts', {
  id: id(),
  channelId: uuid('channel_id')
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' }),
  weekday: smallint('weekday').notNull(),
  startsAt: time('starts_at').notNull(),
  endsAt: time('ends_at').notNull(),
});

export const channelHolidays = pgTable('channel_holidays', {
  id: id(),
  channelId: uuid('channel_id')
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  date: date('date').notNull(),
  autoResponseMessage: text('auto_response_message').notNull(),
});

/**
 * A LINE channel's message quota in one month, `month` being yyyy-MM in the
 * organisation's time zone: LINE's figures as last asked (and how many pushes our records held then, so
 * later pushes are added without asking LINE again), and which threshold notifications were sent.
 */
export const lineQuotaMonths = pgTable(
  'line_quota_months',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    organizationId: orgId(),
    quotaType: text('quota_type', { enum: ['none', 'limited'] }),
    quotaLimit: integer('quota_limit'),
    lineUsage: integer('line_usage'),
    ownPushesAtCheck: integer('own_pushes_at_check').notNull().default(0),
    // Where that count of our pushes began (null: the month's start).
    pushesCountedFrom: ts('pushes_counted_from'),
    // When LINE was last asked (or an ask was claimed): at most one ask per channel every few minutes.
    checkedAt: ts('checked_at'),
    notified80At: ts('notified_80_at'),
    notified100At: ts('notified_100_at'),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.month] })],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    organizationId: orgId(),
    displayName: text('display_name').notNull().default(''),
    name: text('name').notNull().default(''),
    email: text('email'),
    mobileNumber: text('mobile_number'),
    birthdate: date('birthdate'),
    gender: text('gender', { enum: ['male', 'female'] }),
    province: text('province'),
    address: text('address'),
    location: text('location'),
    pictureUrl: text('picture_url'),
    // PDPA consent to keep and use the personal data, with the date it was last changed.
    consentStatus: text('consent_status', { enum: ['unknown', 'given', 'withdrawn'] })
      .notNull()
      .default('unknown'),
    consentAt: ts('consent_at'),
    lastContactAt: ts('last_contact_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_org_last_contact_idx').on(t.organizationId, t.lastContactAt),
    // The contact list's orders with the id tie-breaker (keyset pagination walks them); the expression must
    // stay the one contacts.filters.ts sorts by.
    index('contacts_org_recent_idx').on(
      t.organizationId,
      sql`coalesce(${t.lastContactAt}, ${t.createdAt})`,
      t.id,
    ),
    index('contacts_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('contacts_org_display_name_idx').on(t.organizationId, t.displayName, t.id),
    // Advanced search: a province or a birthdate range is found through these when it is rare among the
    // contacts, instead of walking the list's order until enough match.
    index('contacts_org_province_idx').on(t.organizationId, t.province),
    index('contacts_org_birthdate_idx').on(t.organizationId, t.birthdate),
    // Substring search that works for Thai (no spaces between words): trigram indexes.
    index('contacts_display_name_trgm_idx').using('gin', sql`${t.displayName} gin_trgm_ops`),
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('contacts_mobile_trgm_idx').using('gin', sql`${t.mobileNumber} gin_trgm_ops`),
  ],
);

/** A contact's identity on one channel (LINE userId, Messenger PSID, Instagram IGSID). */
export const contactIdentities = pgTable(
  'contact_identities',
  {
    id: id(),
    organizationId: orgId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    externalUserId: text('external_user_id').notNull(),
    displayName: text('display_name').notNull().default(''),
    pictureUrl: text('picture_url'),
    isFollowing: boolean('is_following').notNull().default(true),
    lastInboundAt: ts('last_inbound_at'),
    // LINE: another module (a chatbot service the account added) controls this chat; its latest event came in
    // standby mode, so nothing may be sent to it until an event comes in active mode again.
    inStandby: boolean('in_standby').notNull().default(false),
    // Meta: the ad a customer came from before writing (a referral event); applied to their next issue.
    referralAdId: text('referral_ad_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contact_identities_channel_user_key').on(t.channelId, t.externalUserId),
    index('contact_identities_contact_idx').on(t.contactId),
  ],
);

/**
 * A LINE chat's reply tokens still to use: each event's token is good for one reply, for about a minute
 * (the product keeps it REPLY_TOKEN_TTL_MS). Kept apart from the identity row, which a batch of the
 * customer's messages locks until it commits, so a delivery takes one without waiting (SKIP LOCKED: two
 * deliveries take two tokens). A batch stores its newest token per chat and drops the chat's expired ones.
 */
export const lineReplyTokens = pgTable(
  'line_reply_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => contactIdentities.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('line_reply_tokens_identity_idx').on(t.identityId, t.id)],
);

/**
 * The members Sabai has seen in a LINE group or room (the chat is one identity, its conversation's): those who
 * wrote in it or joined it while the account was there. Name and picture come from LINE's group and room
 * member profile endpoints; `leftAt` is set when LINE says they left.
 */
export const lineChatMembers = pgTable(
  'line_chat_members',
  {
    organizationId: orgId(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => contactIdentities.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    displayName: text('display_name'),
    pictureUrl: text('picture_url'),
    leftAt: ts('left_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.identityId, t.userId] })],
);

/**
 * Who viewed, exported, edited, deleted, merged or erased contacts. No foreign key to the
 * contact: the record outlives it.
 */
export const contactAuditEvents = pgTable(
  'contact_audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['view', 'export', 'update', 'delete', 'merge', 'erase'] }).notNull(),
    contactId: uuid('contact_id'),
    // The contact's display name when it happened (a deleted contact stays recognisable).
    contactName: text('contact_name'),
    // Exports: how many contacts, and the filter used.
    count: integer('count'),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_audit_events_org_idx').on(t.organizationId, t.id),
    index('contact_audit_events_contact_idx').on(t.contactId),
  ],
);

export const issues = pgTable(
  'issues',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactIdentityId: uuid('contact_identity_id').references(() => contactIdentities.id, {
      onDelete: 'set null',
    }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ISSUE_STATUSES }).notNull().default('un-assigned'),
    note: text('note').notNull().default(''),
    adId: text('ad_id'),
    // 'conversation' (chat messages) or 'comment' (one commenter's comments on one post, with the replies).
    kind: text('kind', { enum: ['conversation', 'comment'] })
      .notNull()
      .default('conversation'),
    postId: uuid('post_id').references(() => socialPosts.id, { onDelete: 'set null' }),
    transferredFromIssueId: bigint('transferred_from_issue_id', { mode: 'number' }),
    startDate: ts('start_date').notNull().defaultNow(),
    // The last message of either side (the inbox's default order); the start date until then.
    lastResponseAt: ts('last_response_at').notNull().defaultNow(),
    lastCustomerMessageAt: ts('last_customer_message_at'),
    // When Meta stops taking replies (domain replyDeadline; null on LINE and before the customer writes),
    // written with last_customer_message_at: the "days left" order reads it through an index.
    replyDeadlineAt: ts('reply_deadline_at'),
    // The service level clock due first while the issue is open under a policy (sla module; issue_sla holds
    // every clock): the inbox's countdown and its "SLA due" order.
    slaDueAt: ts('sla_due_at'),
    slaWarnAt: ts('sla_warn_at'),
    slaTarget: text('sla_target', { enum: SLA_TARGETS }),
    lastAgentMessageAt: ts('last_agent_message_at'),
    // Facts the reports aggregate, written in the same transaction as the change.
    firstResponseAt: ts('first_response_at'),
    // When an agent was first given the issue (assignment latency, reports).
    assignedAt: ts('assigned_at'),
    // The first customer message of this issue (reports: first response time starts here).
    firstCustomerMessageAt: ts('first_customer_message_at'),
    // The customer message that started the current wait for an agent; cleared by the agent's reply, which
    // records the interval in response_intervals (reports: response time).
    waitStartedAt: ts('wait_started_at'),
    // A staff member asked the team's manager to close the issue (staff cannot change status).
    closeRequestedAt: ts('close_requested_at'),
    resolvedAt: ts('resolved_at'),
    closedAt: ts('closed_at'),
    unreadCount: integer('unread_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('issues_org_status_last_idx').on(t.organizationId, t.status, t.lastResponseAt),
    index('issues_org_last_idx').on(t.organizationId, t.lastResponseAt),
    index('issues_org_assignee_idx').on(t.organizationId, t.assigneeUserId, t.status),
    // The workspace list in its default order (last response, then id) for one agent (a staff member's
    // issues, the agent filter) and for one team in one status (the team filter on a status tab; its prefix
    // serves the counts per team). With the id they answer the list's first step alone (index-only).
    index('issues_org_assignee_last_idx').on(t.organizationId, t.assigneeUserId, t.lastResponseAt, t.id),
    index('issues_org_team_status_last_idx').on(t.organizationId, t.teamId, t.status, t.lastResponseAt, t.id),
    // The list's pipeline order (sort=status): the expression must stay the one issues.filters.ts sorts by.
    index('issues_org_status_rank_idx').on(
      t.organizationId,
      sql`array_position(${sql.raw(`'{${ISSUE_STATUSES.join(',')}}'::text[]`)}, ${t.status})`,
      t.id,
    ),
    // The list's "days left" order (no window last): the expression must stay the one issues.filters.ts sorts by.
    index('issues_org_reply_deadline_idx').on(
      t.organizationId,
      sql`coalesce(${t.replyDeadlineAt}, 'infinity'::timestamptz)`,
      t.id,
    ),
    // "SLA due" order: soonest first, issues without a clock last (the expression of issues.filters.ts).
    index('issues_org_sla_due_idx').on(
      t.organizationId,
      sql`coalesce(${t.slaDueAt}, 'infinity'::timestamptz)`,
      t.id,
    ),
    index('issues_contact_idx').on(t.contactId),
    // A commenter's thread on a post, looked up for every comment.
    index('issues_post_identity_idx')
      .on(t.postId, t.contactIdentityId, t.id)
      .where(sql`${t.postId} is not null`),
    // A customer's open and latest issues, looked up for every message they send.
    index('issues_contact_identity_idx').on(t.contactIdentityId, t.id),
    index('issues_org_start_idx').on(t.organizationId, t.startDate),
    index('issues_transferred_from_idx').on(t.transferredFromIssueId),
    // The auto-assignment backlog of a team, oldest first.
    index('issues_unassigned_idx')
      .on(t.teamId, t.id)
      .where(sql`${t.assigneeUserId} is null and ${t.status} = 'un-assigned'`),
  ],
);

/**
 * How many issues each (organisation, team, channel, assignee, status) holds: the inbox tabs and the dashboard
 * count from here instead of scanning issues. Triggers on issues append +1/-1 rows as issues are created,
 * moved or deleted (migration 0012), so every writer keeps it exact; a job folds them into one row per key
 * (issues.tally.ts). No foreign keys: a cascade deleting issues appends rows for a team or organisation
 * that is going away, and the fold drops keys that sum to zero.
 */
export const issueStatusTally = pgTable(
  'issue_status_tally',
  {
    organizationId: uuid('organization_id').notNull(),
    teamId: uuid('team_id'),
    channelId: uuid('channel_id').notNull(),
    assigneeUserId: uuid('assignee_user_id'),
    status: text('status', { enum: ISSUE_STATUSES }).notNull(),
    n: integer('n').notNull(),
    /** False for the triggers' +1/-1 rows, true for a folded sum. */
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [index('issue_status_tally_org_idx').on(t.organizationId)],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: id(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    // The order the agent attached the files in: the order the customer gets and everyone sees them.
    position: integer('position').notNull().default(0),
  },
  // Every chat page and delivery reads a message's files: without these, each read (and each file's
  // cascade delete) scanned the whole table, slower as an organisation's files grew (the soak's slowdown).
  (t) => [
    index('message_attachments_message_idx').on(t.messageId),
    index('message_attachments_file_idx').on(t.fileId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    senderType: text('sender_type', { enum: ['customer', 'agent', 'system'] }).notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    text: text('text'),
    payload: jsonb('payload'),
    isPrivateNote: boolean('is_private_note').notNull().default(false),
    deliveryStatus: text('delivery_status', {
      enum: ['received', 'pending', 'sent', 'delivered', 'read', 'failed'],
    })
      .notNull()
      .default('received'),
    providerError: text('provider_error'),
    // Idempotency: a provider's message id (or LINE webhookEventId) is stored once per channel.
    providerMessageId: text('provider_message_id'),
    clientId: text('client_id'),
    // LINE push idempotency key: one per logical send, reused by every retry.
    retryKey: uuid('retry_key'),
    deliveredVia: text('delivered_via'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    // When the customer's read receipt (Messenger read, Instagram seen) first covered this message.
    readAt: ts('read_at'),
    // The customer's reaction to this message (Messenger/Instagram emoji), null when none or withdrawn.
    customerReaction: text('customer_reaction'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_issue_idx').on(t.issueId, t.id),
    // The sticker picker's "recent" row: an agent's latest stickers.
    index('messages_sender_sticker_idx')
      .on(t.senderUserId, t.id)
      .where(sql`${t.kind} = 'sticker'`),
    index('messages_text_trgm_idx').using('gin', sql`${t.text} gin_trgm_ops`),
    uniqueIndex('messages_channel_provider_key').on(t.channelId, t.providerMessageId),
    // A LINE channel's replies and pushes of a month (its quota), without walking all its messages.
    index('messages_line_delivery_idx')
      .on(t.channelId, t.createdAt)
      .where(sql`${t.deliveredVia} IN ('reply', 'push')`),
  ],
);

/**
 * Every provider id of a sent message, one per part (a reply split into parts, or text plus files, is
 * several provider messages): the echo of any part is recognised as ours, and a retried delivery skips the
 * parts the provider already accepted.
 */
export const messageProviderIds = pgTable(
  'message_provider_ids',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    providerMessageId: text('provider_message_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.providerMessageId] }),
    index('message_provider_ids_message_idx').on(t.messageId, t.part),
  ],
);

export const cannedCategories = pgTable(
  'canned_categories',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('canned_categories_org_idx').on(t.organizationId),
    // One name per owner (null owner: shared with the organisation), case-insensitive (duplicates refused).
    uniqueIndex('canned_categories_owner_name_key').on(
      t.organizationId,
      sql`coalesce(${t.ownerUserId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: id(),
    organizationId: orgId(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => cannedCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    message: text('message').notNull(),
    // Quick-reply buttons sent with the response (contracts QuickReplySchema), [] for none.
    quickReplies: jsonb('quick_replies').$type<QuickReply[]>().notNull().default([]),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('canned_responses_org_idx').on(t.organizationId),
    uniqueIndex('canned_responses_category_name_key').on(t.categoryId, sql`lower(${t.name})`),
  ],
);

/** Images or files sent with a canned response (uploaded first, like a message's attachments). */
export const cannedResponseAttachments = pgTable(
  'canned_response_attachments',
  {
    cannedResponseId: uuid('canned_response_id')
      .notNull()
      .references(() => cannedResponses.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cannedResponseId, t.fileId] })],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_org_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

export const issueTags = pgTable(
  'issue_tags',
  {
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.tagId] }), index('issue_tags_tag_idx').on(t.tagId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issueId: bigint('issue_id', { mode: 'number' }).references(() => issues.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    content: text('content').notNull(),
    readStatus: boolean('read_status').notNull().default(false),
    // Counted by the bell until the user opens it (clear-count), independent of read status.
    isCounted: boolean('is_counted').notNull().default(true),
    channelType: text('channel_type', { enum: CHANNEL_TYPES }),
    channelName: text('channel_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.organizationId, t.id),
    // A user's unread notices of an issue, read when they open it.
    index('notifications_unread_issue_idx')
      .on(t.userId, t.issueId)
      .where(sql`${t.readStatus} = false`),
  ],
);

/** Issues a user muted: their customers' messages bring that user no notification. */
export const issueMutes = pgTable(
  'issue_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.issueId] })],
);

/** Raw webhook deliveries, stored before the 200 and drained by the ingest worker. */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: ['line', 'meta'] }).notNull(),
    channelKey: text('channel_key'),
    body: text('body').notNull(),
    receivedAt: createdAt(),
    processedAt: ts('processed_at'),
    // Lease of the worker processing the row: a crashed worker's rows are taken again when it lapses.
    lockedUntil: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    // Dead letter: a delivery that cannot be read or keeps failing is set aside once, with the reason,
    // and counted in its channel's settings (never retried, never blocking the others).
    deadAt: ts('dead_at'),
    deadReason: text('dead_reason'),
  },
  (t) => [
    // The rows still to process, in order: the claim walks it (a plain index scan, which also marks the
    // entries of processed rows dead, so the walk stays short where autovacuum is off or behind).
    index('inbound_events_pending_idx')
      .on(t.id)
      .where(sql`${t.processedAt} is null and ${t.deadAt} is null`),
    index('inbound_events_dead_idx')
      .on(t.provider, t.channelKey)
      .where(sql`${t.deadAt} is not null`),
  ],
);

/**
 * What happened to an issue and who did it (ISSUE_ACTIVITY_KINDS): status changes, assignments (automatic
 * ones without actor), transfers, notes, close requests, tags added and removed, automatic replies, the
 * customer coming back to a resolved issue. The issue's activity trail and the reports (resolutions, closes
 * per period) read it; written in the same transaction as the change.
 */
export const issueActivities = pgTable(
  'issue_activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', {
      enum: ISSUE_ACTIVITY_KINDS,
    }).notNull(),
    fromStatus: text('from_status', { enum: ISSUE_STATUSES }),
    toStatus: text('to_status', { enum: ISSUE_STATUSES }),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [
    index('issue_activities_issue_idx').on(t.issueId, t.id),
    index('issue_activities_org_time_idx').on(t.organizationId, t.kind, t.createdAt),
  ],
);

/**
 * Each wait of a customer for an agent: from the customer message that started it to the agent's reply
 * (reports: response time). Written with the reply, in its transaction.
 */
export const responseIntervals = pgTable(
  'response_intervals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').notNull(),
    teamId: uuid('team_id'),
    agentUserId: uuid('agent_user_id'),
    customerAt: ts('customer_at').notNull(),
    repliedAt: ts('replied_at').notNull(),
    isFirstResponse: boolean('is_first_response').notNull().default(false),
  },
  (t) => [index('response_intervals_org_time_idx').on(t.organizationId, t.repliedAt)],
);

// ---- reports ------------------------------------------------------------------------------------------

const counter = (name: string) => integer(name).notNull().default(0);
const seconds = (name: string) => doublePrecision(name).notNull().default(0);

/**
 * Report counters of one finished local day (the organisation's time zone) per channel × team × agent, so a
 * report reads days, not issues. Written once by the roll-up job after the day ends (reports module); the days
 * after `report_rollups.rolled_through` are read from the raw facts. Counters are attributed to the day of the
 * event that completes them (a reply, a resolution, a close); see docs/decisions/reports.md "Attribution".
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    organizationId: orgId(),
    day: date('day').notNull(),
    channelId: uuid('channel_id').notNull(),
    teamId: uuid('team_id'),
    agentUserId: uuid('agent_user_id'),
    issues: counter('issues'),
    firstResponses: counter('first_responses'),
    firstResponseSeconds: seconds('first_response_seconds'),
    firstResponseBusinessSeconds: seconds('first_response_business_seconds'),
    responses: counter('responses'),
    responseSeconds: seconds('response_seconds'),
    responseBusinessSeconds: seconds('response_business_seconds'),
    resolved: counter('resolved'),
    resolvedSuccess: counter('resolved_success'),
    resolvedSeconds: seconds('resolved_seconds'),
    resolvedBusinessSeconds: seconds('resolved_business_seconds'),
    adResolved: counter('ad_resolved'),
    adResolvedSuccess: counter('ad_resolved_success'),
    closed: counter('closed'),
    closedSuccess: counter('closed_success'),
    csatSent: counter('csat_sent'),
    csatResponses: counter('csat_responses'),
    csatSatisfied: counter('csat_satisfied'),
    csatRatingSum: counter('csat_rating_sum'),
    slaFirstResponseMet: counter('sla_first_response_met'),
    slaFirstResponseBreached: counter('sla_first_response_breached'),
    slaNextResponseMet: counter('sla_next_response_met'),
    slaNextResponseBreached: counter('sla_next_response_breached'),
    slaResolutionMet: counter('sla_resolution_met'),
    slaResolutionBreached: counter('sla_resolution_breached'),
  },
  (t) => [index('report_daily_org_day_idx').on(t.organizationId, t.day)],
);

/** Issues started per tag, per finished local day × channel × team (the dashboard's top tags). */
export const reportDailyTags = pgTable(
  'report_daily_tags',
  {
    organizationId: orgId(),
    day: date('day').notNull(),
    channelId: uuid('channel_id').notNull(),
    teamId: uuid('team_id'),
    tagId: uuid('tag_id').notNull(),
    issues: counter('issues'),
  },
  (t) => [index('report_daily_tags_org_day_idx').on(t.organizationId, t.day)],
);

/** The last local day whose report rows are stored, per organisation. */
export const reportRollups = pgTable('report_rollups', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  rolledThrough: date('rolled_through').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The administration audit trail: settings changes, sign-ins, exports, personal-data
 * actions. Written by the server only; no route edits or deletes an entry, and the retention job deletes
 * those past the organisation's period. No foreign key to the actor: the entry outlives the user, and
 * keeps their name and email as they were.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    at: createdAt(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    area: text('area').notNull(),
    action: text('action').notNull(),
    subjectId: text('subject_id'),
    subjectLabel: text('subject_label'),
    outcome: text('outcome').notNull(),
    changes: jsonb('changes').notNull().default([]),
    route: text('route'),
  },
  (t) => [
    index('audit_entries_org_idx').on(t.organizationId, t.id),
    index('audit_entries_org_actor_idx').on(t.organizationId, t.actorId, t.id),
    index('audit_entries_org_area_idx').on(t.organizationId, t.area, t.id),
    index('audit_entries_at_idx').on(t.at),
  ],
);

/** How long an organisation keeps its audit trail (a row only once changed from the default). */
export const auditSettings = pgTable('audit_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  retentionDays: integer('retention_days').notNull(),
  updatedAt: updatedAt(),
});

/** A channel's satisfaction survey: off until an admin turns it on; texts per language. */
export const channelCsatSettings = pgTable('channel_csat_settings', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  organizationId: orgId(),
  enabled: boolean('enabled').notNull().default(false),
  questionEn: text('question_en').notNull(),
  questionTh: text('question_th').notNull(),
  thankYouEn: text('thank_you_en').notNull(),
  thankYouTh: text('thank_you_th').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The survey an issue sent (at most one per issue: the key) and the customer's answer. The team and agent are
 * the issue's when it was sent (reports credit them); `message_id` is the question the buttons belong to, so
 * a tap finds its issue even after the customer opened another. A comment is taken until `comment_until`.
 */
export const csatSurveys = pgTable(
  'csat_surveys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').notNull(),
    identityId: uuid('identity_id').notNull(),
    teamId: uuid('team_id'),
    agentUserId: uuid('agent_user_id'),
    language: text('language', { enum: ['en', 'th'] }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    sentAt: ts('sent_at').notNull(),
    rating: integer('rating'),
    ratedAt: ts('rated_at'),
    comment: text('comment'),
    commentUntil: ts('comment_until'),
  },
  (t) => [
    uniqueIndex('csat_surveys_issue_key').on(t.issueId),
    index('csat_surveys_message_idx').on(t.messageId),
    index('csat_surveys_org_rated_idx').on(t.organizationId, t.ratedAt),
    index('csat_surveys_org_sent_idx').on(t.organizationId, t.sentAt),
    index('csat_surveys_awaiting_comment_idx')
      .on(t.identityId)
      .where(sql`${t.commentUntil} IS NOT NULL`),
  ],
);

/**
 * Service level policies: targets in minutes for one team and/or channel (null: any), the
 * most specific active one applies to an issue. One policy per (team, channel) pair.
 */
export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    firstResponseMinutes: integer('first_response_minutes'),
    nextResponseMinutes: integer('next_response_minutes'),
    resolutionMinutes: integer('resolution_minutes'),
    businessHours: boolean('business_hours').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sla_policies_scope_key').on(
      t.organizationId,
      sql`coalesce(${t.teamId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.channelId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/**
 * The service level clocks of an issue under a policy: each target's due and amber times while it runs,
 * the working time paused while waiting for the customer, and the notices already sent.
 */
export const issueSla = pgTable('issue_sla', {
  issueId: bigint('issue_id', { mode: 'number' })
    .primaryKey()
    .references(() => issues.id, { onDelete: 'cascade' }),
  organizationId: orgId(),
  policyId: uuid('policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
  firstResponseDueAt: ts('first_response_due_at'),
  firstResponseWarnAt: ts('first_response_warn_at'),
  nextResponseDueAt: ts('next_response_due_at'),
  nextResponseWarnAt: ts('next_response_warn_at'),
  resolutionDueAt: ts('resolution_due_at'),
  resolutionWarnAt: ts('resolution_warn_at'),
  pausedSince: ts('paused_since'),
  pausedSeconds: doublePrecision('paused_seconds').notNull().default(0),
  /** Notices sent, as `<target>:<warn|breach>:<due time>` (a new clock of the same target notifies again). */
  notified: jsonb('notified').$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/** Each target an issue completed under a policy, met or breached (the reports count them by `at`). */
export const slaOutcomes = pgTable(
  'sla_outcomes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').notNull(),
    teamId: uuid('team_id'),
    agentUserId: uuid('agent_user_id'),
    target: text('target', { enum: SLA_TARGETS }).notNull(),
    dueAt: ts('due_at').notNull(),
    doneAt: ts('done_at').notNull(),
    met: boolean('met').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('sla_outcomes_org_at_idx').on(t.organizationId, t.at),
    uniqueIndex('sla_outcomes_clock_key').on(t.issueId, t.target, t.dueAt),
  ],
);

/**
 * Automation rules: when an event of `when` happens to an issue and every condition
 * holds, the actions run, in the transaction of the event. Evaluated in `position` order.
 */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull(),
    when: jsonb('when').$type<RuleWhen>().notNull(),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('automation_rules_org_idx').on(t.organizationId, t.position)],
);

/** Each time a rule fired: once per rule and event (`event_key`), which makes the engine idempotent. */
export const automationFirings = pgTable(
  'automation_firings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    firedAt: ts('fired_at').notNull(),
  },
  (t) => [
    uniqueIndex('automation_firings_event_key').on(t.ruleId, t.eventKey),
    index('automation_firings_rule_at_idx').on(t.ruleId, t.firedAt),
    index('automation_firings_issue_idx').on(t.issueId),
  ],
);

/**
 * A rule's "close after inactivity": the issue closes at `due_at` (with `message` sent first) unless the
 * customer writes meanwhile (their last message is no longer the one of `customer_message_at`, compared as
 * stored: a provider's clock may differ from ours). One pending close per issue; a later firing replaces it.
 */
export const automationCloseTimers = pgTable(
  'automation_close_timers',
  {
    issueId: bigint('issue_id', { mode: 'number' })
      .primaryKey()
      .references(() => issues.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    ruleId: uuid('rule_id').references(() => automationRules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name').notNull(),
    message: text('message').notNull(),
    customerMessageAt: ts('customer_message_at'),
    setAt: ts('set_at').notNull(),
    dueAt: ts('due_at').notNull(),
  },
  (t) => [index('automation_close_timers_due_idx').on(t.dueAt)],
);

/** Macros: a named sequence of steps an agent runs on issues; personal when owned. */
export const macros = pgTable(
  'macros',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    /** null: shared with the organisation. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    actions: jsonb('actions').$type<MacroAction[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('macros_name_key').on(
      t.organizationId,
      sql`coalesce(${t.ownerUserId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/**
 * API tokens: an organisation's integrations call /api/v1 with `Authorization: Bearer
 * sabai_…`. Only the SHA-256 of the token is kept; `prefix` is its first characters, for recognising it
 * in the list. Permissions use the roles' matrix, capped by the creator's role when created.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    permissions: jsonb('permissions').$type<PermissionMatrix>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * Outgoing webhooks: an organisation's endpoints, each sent the events it chose as signed
 * POSTs (modules/outgoing-webhooks). The signing secret is sealed like channel secrets. An endpoint is
 * disabled by an admin (`manual`) or once a delivery failed for 24 hours with no success meanwhile
 * (`failing`); `failing_since` is its first failure after its last success.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: orgId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason', { enum: ['manual', 'failing'] }),
    disabledAt: ts('disabled_at'),
    failingSince: ts('failing_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId)],
);

/**
 * An event some endpoint subscribed to, recorded by the database function webhook_record() in the
 * transaction of the change (so it exists exactly when the change committed). `data` holds the ids the
 * resource is read by; `payload` is the body sent, built at the first attempt and then kept, so every
 * attempt and endpoint gets the same bytes. Kept 30 days.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    organizationId: orgId(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    payload: text('payload'),
  },
  (t) => [index('webhook_events_occurred_idx').on(t.occurredAt)],
);

/**
 * One event for one endpoint: pending until a 2xx answer (delivered) or 24 hours of retries (failed).
 * `next_attempt_at` null means as soon as possible; `locked_until` is the lease of the worker attempting
 * it; `retrying_since` is the first attempt of the current series (a resend starts a new one).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lockedUntil: ts('locked_until'),
    retryingSince: ts('retrying_since'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // First attempts in order, for the dispatch's claim (retries come through the index above).
    index('webhook_deliveries_first_attempt_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending' and ${t.nextAttemptAt} is null`),
  ],
);

/** Each POST of a delivery: its answer's status, how long it took, the answer's start, or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    responseSnippet: text('response_snippet'),
    error: text('error'),
    /** Asked for by an admin ("Resend"), not a scheduled retry. */
    resend: boolean('resend').notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Knowledge base articles (modules/knowledge-base): markdown help texts in Thai or English. Numbered ids (the
 * AI features cite them). `search_vector` holds the English-stemmed words of the title (weight A) and the
 * body (B); Thai, which has no spaces, is matched by substring and trigrams (docs/decisions/ai.md "Search for Thai and English").
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    language: text('language', { enum: ['th', 'en'] }).notNull(),
    status: text('status', { enum: ['published', 'draft'] }).notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B')`,
      ),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kb_articles_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('kb_articles_search_vector_idx').using('gin', t.searchVector),
    index('kb_articles_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('kb_articles_body_trgm_idx').using('gin', sql`lower(${t.body}) gin_trgm_ops`),
  ],
);

export const kbArticleTags = pgTable(
  'kb_article_tags',
  {
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index('kb_article_tags_tag_idx').on(t.tagId)],
);

/**
 * An organisation's AI assist settings: one OpenAI-compatible endpoint, off by default. The key
 * is sealed with the installation cipher (null: none, local servers often need none); `features` lists the
 * features turned on; the redaction flags say which personal data is taken out before anything leaves.
 */
export const aiSettings = pgTable('ai_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  baseUrl: text('base_url').notNull().default(''),
  model: text('model').notNull().default(''),
  apiKeyEncrypted: text('api_key_encrypted'),
  features: text('features').array().notNull(),
  redactPhone: boolean('redact_phone').notNull().default(true),
  redactEmail: boolean('redact_email').notNull().default(true),
  redactNationalId: boolean('redact_national_id').notNull().default(true),
  /** Requests per calendar month in the organisation's time zone; null: unlimited. */
  monthlyRequestBudget: integer('monthly_request_budget'),
  timeoutSeconds: integer('timeout_seconds').notNull().default(30),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every request sent to an organisation's AI endpoint: who, for which issue and feature, the tokens, the
 * time it took and how it ended (`ok` or an error code). Never any message text. Counts against the
 * monthly budget; refusals before sending (AI off, over budget) are not requests and are not here.
 */
export const aiRequests = pgTable(
  'ai_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    issueId: bigint('issue_id', { mode: 'number' }),
    feature: text('feature').notNull(),
    model: text('model').notNull(),
    outcome: text('outcome').notNull(),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    latencyMs: integer('latency_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_requests_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A channel's AI first responder: off until an admin turns it on. `when` is
 * outsideHours, unassigned or both; the threshold is the least knowledge base score an article needs.
 */
export const channelFirstResponderSettings = pgTable('channel_first_responder_settings', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  organizationId: orgId(),
  enabled: boolean('enabled').notNull().default(false),
  when: text('when', { enum: ['outsideHours', 'unassigned', 'both'] }).notNull(),
  unassignedMinutes: integer('unassigned_minutes').notNull(),
  handOverWords: jsonb('hand_over_words').$type<string[]>().notNull(),
  confidenceThreshold: doublePrecision('confidence_threshold').notNull(),
  label: text('label').notNull(),
  updatedAt: updatedAt(),
});

/**
 * What the first responder did on an issue: its answers (the last customer message it handled, so a job run
 * twice answers once) and its hand-over (when and why; then it stays silent on the issue). Reports count it.
 */
export const issueFirstResponder = pgTable(
  'issue_first_responder',
  {
    issueId: bigint('issue_id', { mode: 'number' })
      .primaryKey()
      .references(() => issues.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    channelId: uuid('channel_id').notNull(),
    answers: integer('answers').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    firstAnsweredAt: ts('first_answered_at'),
    handedOverAt: ts('handed_over_at'),
    handOverReason: text('hand_over_reason', {
      enum: ['askedForPerson', 'handOverWord', 'notConfident', 'turnLimit', 'aiFailed'],
    }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('issue_first_responder_answered_idx').on(t.organizationId, t.firstAnsweredAt),
    index('issue_first_responder_handed_over_idx').on(t.organizationId, t.handedOverAt),
  ],
);
