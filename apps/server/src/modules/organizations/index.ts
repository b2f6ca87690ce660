// What other modules may use of organisations.
/** The organisation's time zone, read in one place. */
export { DEFAULT_TIME_ZONE, organizationTimeZone } from './organization-time-zone';
