// What other modules may use of messages.
/** Queues an automatic reply inside a transaction; the delivery job and its name. */
export { queueSystemMessage, deliverMessage, DELIVER_JOB, DELIVERY_RETRY } from './messages.service';
/** Routes: list, send, retry, upload attachments. */
export { messageRoutes } from './messages.routes';
