import type { Language } from '@sabai/i18n';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { useAction } from '../../../lib/use-action';

export type ForgotPasswordInput = { email: string; lang: Language };

/** POST /auth/forgot-password: always 204 (no account enumeration); the mail links to /login/reset-password. */
export function forgotPassword(input: ForgotPasswordInput): Promise<void> {
  return api(routes.auth.forgotPassword, { body: input });
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
