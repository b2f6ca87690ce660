// What other modules and the process may use of outgoing webhooks.
/** The administrators' endpoints, their deliveries and resends. */
export { outgoingWebhookRoutes } from './outgoing-webhooks.routes';
/**
 * The workers' side: the dispatch (woken by recorded events, retries and the minute) and the daily purge;
 * and for the metrics, how far behind the dispatch is.
 */
export {
  DISPATCH_JOB,
  PURGE_JOB,
  deliverDue,
  purgeOldEvents,
  dispatchOnRecord,
  readDispatchBacklog,
} from './delivery';
/** Each event's body and request in the OpenAPI document. */
export { webhookOpenApi } from './openapi';
/** The retry schedule (docs/decisions/administration-and-integrations.md "Outgoing webhooks"). */
export { RETRY_OFFSETS_MS, RETRY_WINDOW_MS } from './retry-schedule';
