import type { Language } from '@sabai/i18n';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export type ForgotPasswordInput = { email: string; lang: Language };

/** POST /auth/forgot-password: always 204 (no account enumeration); the mail links to /login/reset-password. */
export function forgotPassword(input: ForgotPasswordInput): Promise<void> {
  return apiRequest<void>('POST', '/auth/forgot-password', { body: input, auth: false });
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
