// What other modules may use of auth.
export { authRoutes } from './auth.routes';
/** Password hashing for user creation and seeding. */
export { hashPassword } from './passwords';
/** Token signing and verification; opaque single-use tokens (invitations) and the hash stored for them. */
export { createTokenService, newOpaqueToken, type TokenService } from './tokens';
/** Bearer authentication, the caller's context and the password rules check. */
export {
  authenticate,
  assertPasswordRules,
  changePassword,
  profilePathOf,
  reissueSession,
  resolveRole,
  type AuthContext,
} from './auth.service';
