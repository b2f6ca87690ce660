// What other modules may use of web push.
export { forwardNotificationsToPush, PUSH_JOB, sendPush } from './web-push.service';
export { webPushRoutes } from './web-push.routes';
