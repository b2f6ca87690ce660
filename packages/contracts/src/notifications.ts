import { z } from 'zod';
import { CHANNEL_TYPES } from '@sabai/domain';

// Notifications (the /web-notification calls) and the messages of the `webNoti`
// socket.

export const NotificationSchema = z.object({
  id: z.number().int(),
  issueId: z.number().int().nullable(),
  content: z.string(),
  readStatus: z.boolean(),
  createdDate: z.string(),
  channelType: z.enum(CHANNEL_TYPES).nullable(),
  channelName: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 100;

/** Newest first; `cursor` is the `nextCursor` of the previous page. */
export const NotificationListQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_PAGE_SIZE_MAX)
    .default(NOTIFICATION_PAGE_SIZE_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.number().int().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** GET /web-notification/count answers a bare number. */
export const NotificationCountSchema = z.number().int().nonnegative();

export const NotificationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

// --- the webNoti socket (server → client) ---

/**
 * A new issue or a customer's new message, addressed to `adminUserId` (the issue's agent, if any). Beyond the
 * published fields (which an older client reads alone): the notification's id, and who wrote where with a preview
 * of the message, for a popup that says so.
 */
export const LiveIssueMessageSchema = z.object({
  type: z.enum(['newIssue', 'newMessage']),
  adminUserId: z.string().nullable(),
  action: z.literal('user'),
  issueId: z.number().int(),
  message: z.string(),
  notificationId: z.number().int().optional(),
  contactName: z.string().optional(),
  channelName: z.string().optional(),
  channelType: z.enum(CHANNEL_TYPES).optional(),
  preview: z.string().optional(),
});
export type LiveIssueMessage = z.infer<typeof LiveIssueMessageSchema>;

/** Sent when the user's session or profile changed: store the token, refresh the access token. */
export const LiveRefreshMessageSchema = z.object({
  refreshToken: z.string().min(1),
  profilePath: z.string().nullable(),
});
export type LiveRefreshMessage = z.infer<typeof LiveRefreshMessageSchema>;

/**
 * Sent once the server has registered a socket (an addition to the published socket): events reach the socket from then on, so
 * the client reads what its screens show after this, not after the handshake, which comes before the
 * registration (the session is checked and the user's teams are read in between).
 */
export const LIVE_READY_MESSAGE = '{"type":"socket.ready"}';

/** The query of a plain-text notice's link: `… /issue/inbox?issueId=N`. */
export const NOTICE_LINK_PATH = '/issue/inbox';
