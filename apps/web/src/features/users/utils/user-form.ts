// The user forms' rules mirrored from the server (contracts InviteUserSchema / UpdateUserSchema) and where
// a refused save shows its reason (plan limit, generate-link failure, user not found, and the
// warning that a user still in another team must leave it before a role update).
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';

export const NAME_MAX = 100;
export const USERNAME_MAX = 60;
export const EMAIL_MAX = 254;
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;
export type UserFeedback = {
  field: 'email' | 'roleId' | 'teamIds' | 'firstName' | 'lastName' | 'username' | null;
  message: TranslationKey;
  /** user.in_other_team: the teams the user must leave first. */
  teams?: string[];
};

/** Maps a refused invitation or edit onto a field, or the form as a whole. */
export function userSaveFeedback(error: unknown): UserFeedback {
  if (!(error instanceof ApiError)) return { field: null, message: 'errors.unknown' };
  switch (error.code) {
    case 'user.email_taken':
      return { field: 'email', message: 'errors.user.email_taken' };
    case 'user.username_taken':
      return { field: 'username', message: 'errors.user.username_taken' };
    case 'user.role_not_found':
    case 'user.role_not_allowed':
    case 'user.cannot_change_own_role':
      return { field: 'roleId', message: `errors.${error.code}` };
    case 'team.not_found':
      return { field: 'teamIds', message: 'errors.team.not_found' };
    case 'user.in_other_team': {
      const teams = (error.details as { teams?: { name?: unknown }[] } | undefined)?.teams ?? [];
      return {
        field: null,
        message: 'errors.user.in_other_team',
        teams: teams.flatMap((team) => (typeof team.name === 'string' ? [team.name] : [])),
      };
    }
    case 'user.plan_limit':
    case 'user.generate_link_failed':
    case 'user.not_found':
    case 'validation.failed':
      return { field: null, message: `errors.${error.code}` };
    default:
      return { field: null, message: 'common.error.update' };
  }
}
