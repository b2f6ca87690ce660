import { useMutation } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** PUT /me/password: 400 auth.current_password_incorrect or password.* when refused. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return api(routes.me.changePassword, { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
