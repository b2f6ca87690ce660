import {
  NotificationCountSchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
} from '../notifications';
import { defineRoutes } from './route';

const tag = 'notifications';
// Every signed-in user has their own notifications (the bell is in every header); the repo keys
// every query by the caller's organisation and user.
const signedIn = { signedIn: true } as const;

export const notificationRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/web-notification',
    tag,
    query: NotificationListQuerySchema,
    responses: { 200: NotificationPageSchema },
    access: signedIn,
  },
  count: {
    method: 'GET',
    path: '/web-notification/count',
    tag,
    responses: { 200: NotificationCountSchema },
    access: signedIn,
  },
  markRead: {
    method: 'POST',
    path: '/web-notification/read/:id',
    tag,
    params: NotificationIdParamsSchema,
    responses: {},
    access: signedIn,
  },
  clearCount: { method: 'POST', path: '/web-notification/clear-count', tag, responses: {}, access: signedIn },
  clear: { method: 'DELETE', path: '/web-notification', tag, responses: {}, access: signedIn },
});
