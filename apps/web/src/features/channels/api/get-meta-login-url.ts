import { useMutation } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

/** GET /channels/meta/login-url: the Facebook Login dialog for the caller (the state names them). */
export async function getMetaLoginUrl(): Promise<string> {
  const { url } = await api(routes.channels.metaLoginUrl);
  return url;
}

/** A mutation, not a query: each click asks for a fresh signed state. */
export function useMetaLoginUrl() {
  return useMutation({ mutationFn: getMetaLoginUrl });
}
