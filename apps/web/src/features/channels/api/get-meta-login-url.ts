import { useMutation } from '@tanstack/react-query';
import type { MetaLoginUrlSchema } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

type MetaLoginUrl = (typeof MetaLoginUrlSchema)['_output'];

/** GET /channels/meta/login-url: the Facebook Login dialog for the caller (the state names them). */
export async function getMetaLoginUrl(): Promise<string> {
  const { url } = await apiRequest<MetaLoginUrl>('GET', '/channels/meta/login-url');
  return url;
}

/** A mutation, not a query: each click asks for a fresh signed state. */
export function useMetaLoginUrl() {
  return useMutation({ mutationFn: getMetaLoginUrl });
}
