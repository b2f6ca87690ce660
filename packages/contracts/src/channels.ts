import { z } from 'zod';
import { CHANNEL_TYPES } from '@sabai/domain';

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
const Text = (max: number) => z.string().trim().min(1).max(max);

export const ChannelKeywordSchema = z.object({ keyword: z.string().trim().max(100), teamId: z.uuid() });
export const ChannelShiftSchema = z
  .object({ weekday: z.number().int().min(1).max(7), startsAt: Time, endsAt: Time })
  .refine((s) => s.startsAt !== s.endsAt, { message: 'start and stop must differ', path: ['endsAt'] });
export const ChannelHolidaySchema = z.object({
  id: z.uuid().optional(),
  name: Text(100),
  date: z.iso.date(),
  autoResponseMessage: Text(2000),
});

/** Fields of a channel that settings edit. */
const ChannelFieldsSchema = z.object({
  name: Text(100),
  assignedMode: z.enum(['normal', 'keyword']),
  assignedTeamId: z.uuid(),
  reservedTeamId: z.uuid().nullable().default(null),
  keywords: z.array(ChannelKeywordSchema).max(200).default([]),
  businessHoursMode: z.enum(['24x7', 'custom']).default('24x7'),
  shifts: z.array(ChannelShiftSchema).max(50).default([]),
  offServiceResponse: z.string().trim().max(2000).default(''),
  holidays: z.array(ChannelHolidaySchema).max(200).default([]),
  /** LINE: agents' messages show the agent's name and picture instead of the account's. */
  sendAgentIdentity: z.boolean().default(false),
  /** LINE: the greeting, the out-of-hours message and the AI first responder also answer in groups and rooms. */
  answerInGroups: z.boolean().default(false),
  /** Opening a chat marks the customer's messages read on the platform. */
  markReadOnOpen: z.boolean().default(true),
});

/** LINE: the channel id, secret and access token come from the LINE Developers console. */
export const CreateLineChannelSchema = ChannelFieldsSchema.extend({
  type: z.literal('line'),
  externalId: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, 'digits only'),
  secret: Text(200),
  accessToken: Text(1000),
  /**
   * Confirms taking the channel over from another organisation (it then stops receiving messages). Asked
   * only once LINE confirmed the id, secret and token (409 channel.not_verified otherwise).
   */
  takeOver: z.boolean().default(false),
});

/** Messenger and Instagram: a page chosen from a Facebook Login connection, never typed tokens. */
export const CreateMetaChannelSchema = ChannelFieldsSchema.extend({
  type: z.enum(['facebook', 'instagram']),
  connectionId: z.uuid(),
  /** The Page id (Messenger) or the Instagram account id (Instagram). */
  externalId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/),
  takeOver: z.boolean().default(false),
});

export const CreateChannelSchema = z.discriminatedUnion('type', [
  CreateLineChannelSchema,
  CreateMetaChannelSchema,
]);
export type CreateChannel = z.infer<typeof CreateChannelSchema>;

/** Editing keeps secrets unless new ones are given; the type and provider account never change. */
export const UpdateChannelSchema = ChannelFieldsSchema.extend({
  secret: Text(200).optional(),
  accessToken: Text(1000).optional(),
});
export type UpdateChannel = z.infer<typeof UpdateChannelSchema>;

/** A channel as settings show it: secrets never leave the server, only whether they are set. */
export const ChannelSchema = z.object({
  id: z.string(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  externalId: z.string(),
  pageId: z.string().nullable(),
  webhookUrl: z.string(),
  assignedMode: z.enum(['normal', 'keyword']),
  assignedTeamId: z.string().nullable(),
  reservedTeamId: z.string().nullable(),
  keywords: z.array(z.object({ id: z.string(), keyword: z.string(), teamId: z.string() })),
  businessHoursMode: z.enum(['24x7', 'custom']),
  shifts: z.array(z.object({ weekday: z.number(), startsAt: z.string(), endsAt: z.string() })),
  offServiceResponse: z.string(),
  sendAgentIdentity: z.boolean(),
  answerInGroups: z.boolean(),
  markReadOnOpen: z.boolean(),
  holidays: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      date: z.string(),
      autoResponseMessage: z.string(),
      canRemove: z.boolean(),
    }),
  ),
  hasSecret: z.boolean(),
  hasAccessToken: z.boolean(),
  /** When another organisation proved control of the provider account and took it over (then inactive). */
  takenOverAt: z.string().nullable(),
  /** Deliveries of this channel that could not be read and were set aside (dead letters). */
  unreadableDeliveries: z.number().int(),
  createdAt: z.string(),
});
export type Channel = z.infer<typeof ChannelSchema>;
export const ChannelListSchema = z.array(ChannelSchema);

/** Pages (and linked Instagram accounts) a Facebook Login connection may add. */
export const MetaConnectionSchema = z.object({
  id: z.string(),
  pages: z.array(z.object({ id: z.string(), name: z.string(), instagramAccountId: z.string().nullable() })),
});
export const MetaLoginUrlSchema = z.object({ url: z.string() });
