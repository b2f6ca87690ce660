// What other modules may use of auth.
export { authRoutes } from './auth.routes';
/** Token signing and verification; opaque single-use tokens (invitations) and the hash stored for them. */
export { createTokenService, newOpaqueToken } from './tokens';
/** The per-user session versions each signed-in request is checked against. */
export { createSessionVersions } from './session-versions';
/** The password-reset mail job (registered by the workers). */
export { RESET_MAIL_JOB, resetMailWorkOptions, sendResetMail } from './reset-mail';
/** Ends a user's sessions (refresh tokens) everywhere or in one organisation. */
export { revokeUserRefreshTokens } from './auth.repo';
/** Set-password links (invitations, resets): stored by hash; a new one voids the earlier ones. */
export { insertPasswordToken, voidPasswordTokens } from './auth.repo';
/** Bearer authentication, the caller's context and the password rules check. */
export {
  authenticate,
  authenticateToken,
  assertPasswordRules,
  changePassword,
  changeSessions,
  REISSUE_REASONS,
  profilePathOf,
  reissueSession,
  resolveRole,
  type SessionChangeReason,
} from './auth.service';
