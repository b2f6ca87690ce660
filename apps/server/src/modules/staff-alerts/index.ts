// What other modules may use of LINE staff alerts.
export {
  forwardNotificationsToLine,
  linkCodeIn,
  linkFromLine,
  LINE_ALERT_JOB,
  sendLineAlert,
} from './staff-alerts.service';
export { staffAlertRoutes } from './staff-alerts.routes';
