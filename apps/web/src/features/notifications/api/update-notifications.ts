// The drawer's writes (spec §7): mark one read, clear the bell's count, clear the whole list.
import { apiRequest } from '../../../lib/api-client';

export const markNotificationRead = (id: number) => apiRequest<void>('POST', `/web-notification/read/${id}`);

export const clearNotificationCount = () => apiRequest<void>('POST', '/web-notification/clear-count');

export const clearAllNotifications = () => apiRequest<void>('DELETE', '/web-notification');
