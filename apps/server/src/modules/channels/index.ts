// What other modules may use of channels.
/** Channel lookups by provider account and the routing rules of a channel. */
export {
  findActiveByExternalId,
  findChannel,
  findRoutingRules,
  findTeamIntake,
  type ChannelRow,
} from './channels.repo';
/** The working-time calendars of an organisation's channels that have one (reports, service levels). */
export { channelCalendars } from './channels.repo';
/** Decrypted credentials and the webhook secret cache. */
export { credentialsOf, forgetLineSecret, lineWebhookSecret } from './credentials';
/** Production's refusal of LINE channels on a published demo secret (main.ts). */
export { findChannelsOnDemoSecret } from './demo-secrets';
/** Channel settings routes. */
export { channelRoutes } from './channels.routes';
