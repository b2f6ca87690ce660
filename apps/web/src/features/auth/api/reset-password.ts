import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { useAction } from '../../../lib/use-action';

export type ResetPasswordInput = { token: string; password: string };

/** POST /auth/reset-password, for both a forgotten password and an invited user's first password. */
export function resetPassword(input: ResetPasswordInput): Promise<void> {
  return api(routes.auth.resetPassword, { body: input });
}

export function useResetPassword() {
  return useAction(resetPassword);
}
