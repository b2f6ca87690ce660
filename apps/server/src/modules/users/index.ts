// What other modules may use of users.
/** Routes of the signed-in user's own profile (/me). */
export { meRoutes } from './me.routes';
/** How lists present a user (display name, profile path). */
export { displayNameOf, presentPerson } from './present-person';
/** User management routes (/setting/user). */
export { userRoutes } from './users.routes';
/** Whether a user was removed from the organisation ("Name (deleted)"). */
export { wasRemovedSql } from './removed-members';
