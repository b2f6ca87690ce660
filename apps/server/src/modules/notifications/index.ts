// What other modules may use of notifications.
/** Records a notification for a user inside the caller's transaction and publishes `notification.created`. */
export { notify } from './notifications.service';
/** Notifies a batch of customer messages set-based: new issues to team managers, new messages to agents. */
export { notifyCustomerActivity } from './notifications.service';
/** Marks the caller's notifications of an issue read when they open it. */
export { markIssueNotificationsRead } from './notifications.service';
export type { NewNotification } from './notifications.repo';
/** The /web-notification API. */
export { notificationRoutes } from './notifications.routes';
