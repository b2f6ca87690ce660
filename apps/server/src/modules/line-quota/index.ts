// What other modules may use of the LINE message quota.
/** After a push on a LINE channel: tells admins when this month's usage reaches 80 % and 100 %. */
export { checkLineQuotaSoon } from './line-quota.service';
/** GET /channels/:id/line-quota. */
export { lineQuotaRoutes } from './line-quota.routes';
