// What other modules may use of users. (How a user is shown in lists is the people module's.)
/** Routes of the signed-in user's own profile (/me). */
export { meRoutes } from './me.routes';
/** User management routes (/setting/user). */
export { userRoutes } from './users.routes';
