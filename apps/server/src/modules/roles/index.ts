// What other modules may use of roles.
/** Routes listing the organisation's roles and permission matrices. */
export { roleRoutes } from './roles.routes';
export { memberIdsWithScopeAll } from './roles.repo';
