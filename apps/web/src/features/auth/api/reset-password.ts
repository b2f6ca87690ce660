import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export type ResetPasswordInput = { token: string; password: string };

/** POST /auth/reset-password, for both a forgotten password and an invited user's first password. */
export function resetPassword(input: ResetPasswordInput): Promise<void> {
  return apiRequest<void>('POST', '/auth/reset-password', { body: input, auth: false });
}

export function useResetPassword() {
  return useAction(resetPassword);
}
