// Route loaders that run before any page renders: device layout and lang, session checks.
import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { deviceRedirect, landingPath, withLang } from '@sabai/domain';
import { applyLanguage, languageFromSearch } from '../lib/i18n';
import { isMobileDevice } from '../lib/navigation';
import { getToken, sessionRoleNames } from '../lib/session';

/** Every navigation: send the device to its layout, make sure lang is in the query, apply the language. */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const deviceTarget = deviceRedirect(url.pathname, url.search, isMobileDevice());
  if (deviceTarget) throw redirect(`${deviceTarget}${url.hash}`);
  const search = withLang(url.search);
  if (search !== url.search) throw redirect(`${url.pathname}${search}${url.hash}`);
  await applyLanguage(languageFromSearch(url.search));
  return null;
}

/** Signed-in pages: without a session the browser goes to /. */
export function requireSessionLoader({ request }: LoaderFunctionArgs): null {
  if (!getToken()) throw redirect(`/${withLang('', languageFromSearch(new URL(request.url).search))}`);
  return null;
}

/** The sign-in pages: someone already signed in goes to their landing page. */
export function signedInRedirectLoader({ request }: LoaderFunctionArgs): null {
  if (!getToken()) return null;
  const url = new URL(request.url);
  const target = landingPath({
    roleNames: sessionRoleNames(),
    isMobile: isMobileDevice(),
    currentPath: url.pathname,
  });
  throw redirect(`${target}${withLang('', languageFromSearch(url.search))}`);
}
