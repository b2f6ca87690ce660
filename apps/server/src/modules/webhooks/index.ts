// What other modules may use of webhooks.
/** The LINE and Meta webhook endpoints (mounted under /webhooks). */
export { webhookRoutes } from './webhooks.routes';
