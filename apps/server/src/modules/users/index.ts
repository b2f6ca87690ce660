// What other modules may use of users.
/** Routes of the signed-in user's own profile (/me). */
export { meRoutes } from './me.routes';
