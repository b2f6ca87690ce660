// What other modules may use of canned responses.
/** Canned category and response routes (settings and the composer's search). */
export { cannedResponseRoutes } from './canned-responses.routes';
/** A response's text and buttons, for automation to send (rules, macros). */
export { findResponseToSend } from './canned-responses.repo';
