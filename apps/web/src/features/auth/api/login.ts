import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

import type { LoginRequest, LoginResponse } from '@sabai/contracts';

export type LoginInput = LoginRequest;
export type LoginAnswer = LoginResponse;

/** POST /auth/login: the email field also accepts the username. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('POST', '/auth/login', { body: input, auth: false });
}

export function useLogin() {
  return useAction(login);
}
