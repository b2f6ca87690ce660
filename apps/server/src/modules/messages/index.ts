// What other modules may use of messages.
/** Queues an automatic reply inside a transaction; the delivery job and its name. */
export {
  queueSystemMessage,
  deliverMessage,
  DELIVER_JOB,
  DELIVER_AGENT_MESSAGE_JOB,
  presentMessage,
} from './messages.service';
export type { SystemPayload } from './messages.service';
/** Routes: list, send, retry, upload attachments. */
export { messageRoutes } from './messages.routes';
/** Records an agent's reply on its issue (activity, first response, the wait it ends). */
export { touchIssueForReply } from './messages.repo';
/** Whether an echoed provider message is a part of one of our sent messages. */
export { isOwnSentPart } from './sent-parts';
/** The stored shape of a comment (a message's `payload.comment`). */
export type { StoredComment } from './message-view';
/** A canned response or a private note written by automation (rules, macros). */
export { writeAutomatedMessage, type AutomatedMessage } from './automated';
