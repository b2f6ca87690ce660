// Routes, device routing, the lang parameter and the landing page after sign-in, as pure functions of
// path, query string and user agent so the web router and server-side redirects agree.
import { DEFAULT_LANGUAGE, isLanguage } from './limits';
import type { Language } from './limits';
import { roleNamesOf } from './permissions';
import type { RoleName } from './permissions';

export const MOBILE_PREFIX = '/mobile';

/** Pages anyone may open without signing in; the same pages exist under /mobile. */
export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/login/forget-password',
  '/login/reset-password',
  '/login/password-created',
  '/login/set-new-password',
  '/policy',
] as const;

export const PROFILE_ROUTE = '/profile/edit-profile';

export const MOBILE_ROUTES = [
  '/mobile/dashboard',
  '/mobile/issue/inbox',
  '/mobile/issue/chat',
  '/mobile/report/channel-performance',
  '/mobile/report/team-performance',
  '/mobile/report/agent-performance',
  '/mobile/profile/edit-profile',
] as const;

const MOBILE_DEVICE = /Android|BlackBerry|BB10|iPhone|iPad|iPod|Opera Mini/i;

/** Whether the user agent is a phone or tablet sent to the mobile layout (Android, BlackBerry, iOS, Opera Mini). */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_DEVICE.test(userAgent);
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Whether the path is in the mobile layout (/mobile or below it). */
export function isMobilePath(pathname: string): boolean {
  return pathname === MOBILE_PREFIX || pathname.startsWith(`${MOBILE_PREFIX}/`);
}

/** Whether the path (desktop or mobile) is a public page. */
export function isPublicPath(pathname: string): boolean {
  const desktop = withoutTrailingSlash(isMobilePath(pathname) ? toDesktopPath(pathname) : pathname);
  return PUBLIC_ROUTES.some((route) => route === desktop);
}

function replaceSegment(pathname: string, from: string, to: string): string {
  return pathname
    .split('/')
    .map((segment) => (segment === from ? to : segment))
    .join('/');
}

/** The mobile twin of a desktop path: prefixed with /mobile, inbox becoming chat. */
/** Desktop screens a phone shows as another: the kanban board is too wide, its issues are the inbox list. */
const PHONE_STAND_INS: Readonly<Record<string, string>> = { '/issue/kanban': '/issue/inbox' };

export function toMobilePath(pathname: string): string {
  if (isMobilePath(pathname)) return pathname;
  if (pathname === '/' || pathname === '') return MOBILE_PREFIX;
  const standIn = PHONE_STAND_INS[pathname.replace(/\/+$/, '')];
  if (standIn) return `${MOBILE_PREFIX}${standIn}`;
  return `${MOBILE_PREFIX}${replaceSegment(pathname, 'inbox', 'chat')}`;
}

const MOBILE_CHAT = `${MOBILE_PREFIX}/issue/chat`;

/** The desktop twin of a mobile path: /mobile/issue/chat becomes /issue/inbox, otherwise /mobile is dropped. */
export function toDesktopPath(pathname: string): string {
  if (!isMobilePath(pathname)) return pathname;
  if (pathname === MOBILE_CHAT || pathname.startsWith(`${MOBILE_CHAT}/`)) {
    return `/issue/inbox${pathname.slice(MOBILE_CHAT.length)}`;
  }
  return pathname.slice(MOBILE_PREFIX.length) || '/';
}

/**
 * The query string with a valid lang parameter: `lang` when given, else the current one if
 * it is en or th, else en. Other parameters keep their order; a missing lang is appended.
 */
export function withLang(search: string, lang?: Language): string {
  const params = search.replace(/^\?/, '').split('&').filter(Boolean);
  const isLang = (param: string): boolean => param === 'lang' || param.startsWith('lang=');
  const current = params.find(isLang)?.slice('lang='.length) ?? '';
  const chosen: Language = lang ?? (isLanguage(current) ? current : DEFAULT_LANGUAGE);
  const langParam = `lang=${chosen}`;
  const firstLang = params.findIndex(isLang);
  // Replace the first lang in place and drop any duplicates, so the URL carries exactly one.
  const kept = params.flatMap((param, index) =>
    index === firstLang ? [langParam] : isLang(param) ? [] : [param],
  );
  if (firstLang === -1) kept.push(langParam);
  return `?${kept.join('&')}`;
}

/**
 * Where a device must go instead of this page, with the query string kept and lang ensured;
 * null when it is already on the right layout. The root page is exempt.
 */
export function deviceRedirect(pathname: string, search: string, isMobile: boolean): string | null {
  if (pathname === '/' || pathname === '') return null;
  const onMobilePath = isMobilePath(pathname);
  if (isMobile === onMobilePath) return null;
  const target = isMobile ? toMobilePath(pathname) : toDesktopPath(pathname);
  return `${target}${withLang(search)}`;
}

export type LandingInput = {
  roleNames: readonly string[] | string;
  isMobile: boolean;
  currentPath?: string;
};

const DASHBOARD_ROLES: readonly RoleName[] = ['SuperAdmin', 'Admin', 'Manager'];

/** Where to go after signing in: the dashboard for superAdmin, admin and manager, the inbox for staff. */
export function landingPath({ roleNames, isMobile, currentPath = '' }: LandingInput): string {
  const seesDashboard = roleNamesOf(roleNames).some((role) => DASHBOARD_ROLES.includes(role));
  const desktop = seesDashboard ? '/dashboard' : '/issue/inbox/';
  if (!isMobile) return desktop;
  // A mobile user who signed in from a chat link goes to the inbox list, whatever the role.
  if (currentPath.includes('chat')) return `${MOBILE_PREFIX}/issue/inbox/`;
  return `${MOBILE_PREFIX}${desktop}`;
}
