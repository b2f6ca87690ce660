// The drawer's writes: mark one read, clear the bell's count, clear the whole list.
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export const markNotificationRead = (id: number) => api(routes.notifications.markRead, { params: { id } });

export const clearNotificationCount = () => api(routes.notifications.clearCount);

export const clearAllNotifications = () => api(routes.notifications.clear);
