import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export type LoginInput = { email: string; password: string };
export type LoginAnswer = { accessToken: string; refreshToken: string; profilePath: string | null };

/** POST /auth/login: the email field also accepts the username. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('POST', '/auth/login', { body: input, auth: false });
}

export function useLogin() {
  return useAction(login);
}
