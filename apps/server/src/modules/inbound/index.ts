// What other modules may use of inbound processing.
/** Applies stored webhook deliveries: a claimed batch in one transaction, or a single one. */
export { processInboundBatch, processInbound } from './inbound.service';
/** Drops the cached identities (after contacts were merged or erased). */
export { forgetIdentities } from './identities';
/** The media download job. */
export { downloadMedia, MEDIA_JOB } from './media';
/** The provider profile job of a new customer. */
export { fetchProfile, PROFILE_JOB } from './profiles';
export { fetchMemberProfile, MEMBER_PROFILE_JOB } from './chat-members';
