import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import i18next from 'i18next';
import { withLang } from '@sabai/domain';
import { isLanguage } from '@sabai/i18n/core';
import { clientHooks } from '../lib/api-client';
import { PageSpinner } from '../components/page-spinner';
import { rootLoader, requireSessionLoader, signedInRedirectLoader } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Route-level code splitting: every page and both shells are separate chunks.
const login = () => import('../features/auth/components/login-page');
const publicRoutes: RouteObject[] = [
  { path: 'login/forget-password', lazy: () => import('../features/auth/components/forgot-password-page') },
  { path: 'login/reset-password', lazy: () => import('../features/auth/components/reset-password-page') },
  { path: 'login/password-created', lazy: () => import('../features/auth/components/password-created-page') },
  { path: 'login/set-new-password', lazy: () => import('../features/auth/components/set-new-password-page') },
  { path: 'policy', lazy: () => import('../features/policy/components/policy-page') },
];

// Signed-in screens, identical on both layouts. Only built screens are routed (no placeholders).
const screenRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: () => import('../features/reports/components/dashboard-page') },
  {
    path: 'report/channel-performance',
    lazy: () => import('../features/reports/components/channel-performance-page'),
  },
  {
    path: 'report/team-performance',
    lazy: () => import('../features/reports/components/team-performance-page'),
  },
  {
    path: 'report/agent-performance',
    lazy: () => import('../features/reports/components/agent-performance-page'),
  },
  { path: 'report/csat', lazy: () => import('../features/reports/components/csat-page') },
  // Not in the phone drawer, but a phone opening /contacts gets the same screen.
  { path: 'contacts', lazy: () => import('../features/contacts/components/contacts-page') },
  { path: 'profile/edit-profile', lazy: () => import('../features/profile/components/edit-profile-page') },
  { path: '*', lazy: () => import('./shell/not-found-page') },
];

// The workspace on phones: the list, and one issue's chat full screen.
const mobileRoutes: RouteObject[] = [
  { path: 'issue/inbox', lazy: () => import('../features/inbox/components/mobile-inbox-page') },
  { path: 'issue/chat', lazy: () => import('../features/inbox/components/mobile-chat-page') },
];

// Settings are desktop only (there is no mobile settings route): they live in the desktop shell alone.
const desktopRoutes: RouteObject[] = [
  { path: 'issue/inbox', lazy: () => import('../features/inbox/components/inbox-page') },
  { path: 'issue/kanban', lazy: () => import('../features/inbox/components/kanban-page') },
  { path: 'setting/team', lazy: () => import('../features/teams/components/teams-page') },
  { path: 'setting/user', lazy: () => import('../features/users/components/users-page') },
  { path: 'setting/channel', lazy: () => import('../features/channels/components/channels-page') },
  {
    path: 'setting/auto-assignment',
    lazy: () => import('../features/auto-assignment/components/auto-assignment-page'),
  },
  {
    path: 'setting/canned-response',
    lazy: () => import('../features/canned-responses/components/canned-responses-page'),
  },
  { path: 'setting/tag', lazy: () => import('../features/tags/components/tags-page') },
  { path: 'setting/sla', lazy: () => import('../features/sla/components/sla-page') },
  {
    path: 'setting/automation',
    lazy: () => import('../features/automation/components/automation-page'),
  },
  {
    path: 'setting/knowledge-base',
    lazy: () => import('../features/knowledge-base/components/knowledge-base-page'),
  },
  { path: 'setting/audit-log', lazy: () => import('../features/audit-log/components/audit-log-page') },
  { path: 'setting/api-tokens', lazy: () => import('../features/api-tokens/components/api-tokens-page') },
  { path: 'setting/webhooks', lazy: () => import('../features/webhooks/components/webhooks-page') },
  { path: 'setting/ai', lazy: () => import('../features/ai-assist/components/ai-assist-page') },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: rootLoader,
    // The device and lang rules apply to every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: signedInRedirectLoader, lazy: login },
      { path: 'login', loader: signedInRedirectLoader, lazy: login },
      ...publicRoutes,
      {
        path: 'mobile',
        children: [
          { index: true, loader: signedInRedirectLoader, lazy: login },
          { path: 'login', loader: signedInRedirectLoader, lazy: login },
          ...publicRoutes,
        ],
      },
      {
        path: 'mobile',
        loader: requireSessionLoader,
        lazy: () => import('./shell/mobile-shell'),
        children: [...mobileRoutes, ...screenRoutes],
      },
      {
        id: 'desktop-shell',
        loader: requireSessionLoader,
        lazy: () => import('./shell/desktop-shell'),
        children: [...desktopRoutes, ...screenRoutes],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 or a failed refresh clears the token (done by the client) and replaces the route with /;
// leaving the shell drops its query cache.
clientHooks.onSessionEnd = () => {
  const language = isLanguage(i18next.language) ? i18next.language : 'en';
  void router.navigate(`/${withLang('', language)}`, { replace: true });
};
