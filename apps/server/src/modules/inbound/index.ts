// What other modules may use of inbound processing.
/** Applies one stored webhook delivery. */
export { processInbound, forgetIdentities, MEDIA_JOB } from './inbound.service';
/** The media download job. */
export { downloadMedia } from './media';
