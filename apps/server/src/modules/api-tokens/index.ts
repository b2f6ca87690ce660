// What other modules and the app may use of API tokens.
/** Managing an organisation's tokens (list, create, revoke). */
export { apiTokenRoutes } from './api-tokens.routes';
/** Authenticating a request's bearer value (session or token) and the per-token rate limit. */
export { authenticateRequest, bearerOf, createApiTokenRateLimit } from './api-tokens.auth';
