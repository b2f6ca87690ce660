// What other modules may use of notifications.
/** Records a notification for a user inside the caller's transaction and publishes `notification.created`. */
export { notify } from './notifications.service';
export type { NewNotification } from './notifications.repo';
