import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** PUT /me/password: 400 auth.current_password_incorrect or password.* when refused. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return apiRequest<void>('PUT', '/me/password', { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
