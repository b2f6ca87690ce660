// What other modules may use of teams.
/** Team settings routes (list, options, detail, create, edit, members, delete). */
export { teamRoutes } from './teams.routes';
/** Availability (online/offline) and time-off routes of members and their managers. */
export { timeOffRoutes } from './time-off.routes';
