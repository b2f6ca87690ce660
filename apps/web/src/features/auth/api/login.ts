import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { useAction } from '../../../lib/use-action';

import type { LoginRequest, LoginResponse } from '@sabai/contracts';

export type LoginInput = LoginRequest;
export type LoginAnswer = LoginResponse;

/** POST /auth/login: the email field also accepts the username. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return api(routes.auth.login, { body: input });
}

export function useLogin() {
  return useAction(login);
}
