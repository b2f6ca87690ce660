// What other modules may use of organisations.
/** The organisation's time zone, read in one place. */
export { DEFAULT_TIME_ZONE, organizationTimeZone } from './organization-time-zone';
/** The organisation's settings: their routes, and the expiry of file links sent to its customers. */
export { fileLinkExpiryDays } from './organization-settings';
export { organizationSettingRoutes } from './organization-settings.routes';
