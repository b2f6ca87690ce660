import {
  ChangePasswordRequestSchema,
  MeSchema,
  NotificationSettingsSchema,
  UpdateNotificationSettingsSchema,
  UpdateProfileRequestSchema,
} from '../me';
import { defineRoutes } from './route';

const tag = 'me';
const signedIn = { signedIn: true } as const;

export const meRoutes = defineRoutes({
  get: { method: 'GET', path: '/me', tag, responses: { 200: MeSchema }, access: signedIn },
  update: {
    method: 'PUT',
    path: '/me',
    tag,
    body: UpdateProfileRequestSchema,
    responses: { 200: MeSchema },
    access: signedIn,
  },
  updateAvatar: {
    method: 'PUT',
    path: '/me/avatar',
    tag,
    multipart: true,
    responses: { 200: MeSchema },
    access: signedIn,
  },
  changePassword: {
    method: 'PUT',
    path: '/me/password',
    tag,
    body: ChangePasswordRequestSchema,
    responses: {},
    access: signedIn,
  },
  notificationSettings: {
    method: 'GET',
    path: '/me/notification-settings',
    tag,
    responses: { 200: NotificationSettingsSchema },
    access: signedIn,
  },
  updateNotificationSettings: {
    method: 'PUT',
    path: '/me/notification-settings',
    tag,
    body: UpdateNotificationSettingsSchema,
    responses: { 200: NotificationSettingsSchema },
    access: signedIn,
  },
});
