// What other modules may use of teams.
/** Team routes. */
export { teamRoutes } from './teams.routes';
