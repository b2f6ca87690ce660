// What other modules may use of web push.
export { forwardNotificationsToPush, PUSH_JOB, PUSH_RETRY, sendPush } from './web-push.service';
export { webPushRoutes } from './web-push.routes';
