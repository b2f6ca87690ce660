// Renders one screen of the app as the router would: its loader first (its texts), inside the app's
// providers (antd theme and locale, the session's query cache and notices), at a path in a language, for a
// signed-in user of a role (or of a permission matrix of its own).
import type { ComponentType, ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import { expect } from 'vitest';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { DEFAULT_ROLE_MATRIX, toRoleEntries } from '@sabai/domain';
import type { PermissionMatrix, RoleName } from '@sabai/domain';
import { routes, type Me } from '@sabai/contracts';
import { catalogueText } from '@sabai/i18n';
import type { Language, TranslationKey } from '@sabai/i18n';
import { Providers } from '../app/providers';
import { PageSpinner } from '../components/page-spinner';
import { SignedInProviders } from '../app/shell/signed-in-providers';
import { applyLanguage } from '../lib/i18n';
import { setProfile, setToken } from '../lib/session';
import type { ShellContext } from '../lib/shell-context';
import { answer } from './network';

/** A route module of the app: the page and the loader that fetches its texts. */
export type ScreenModule = { Component: ComponentType; loader?: () => Promise<unknown> };

export type ScreenOptions = {
  /** The path the screen is routed at, with any query (lang is added). */
  path: string;
  lang: Language;
  /** Whose session: a default role, or a role with a permission matrix of its own. */
  role?: RoleName;
  permissions?: PermissionMatrix;
};

const toBase64Url = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Stores a signed-in session (the token the web reads, unsigned: only the server verifies) and answers /me. */
export function signIn(role: RoleName, matrix: PermissionMatrix = DEFAULT_ROLE_MATRIX[role]): Me {
  const permissions = toRoleEntries(matrix);
  const claims = {
    sub: 'user-1',
    exp: 4_102_444_800,
    organizationId: 'org-1',
    role: permissions,
    roleName: role,
  };
  setToken({ accessToken: `e30.${toBase64Url(claims)}.signature`, refreshToken: 'refresh' });
  const me: Me = {
    id: 'user-1',
    email: 'somchai@example.com',
    username: 'somchai',
    firstName: 'Somchai',
    lastName: 'Jaidee',
    displayName: 'Somchai',
    profilePath: null,
    roleName: role,
    roles: [role],
    organization: { id: 'org-1', name: 'Sabai Shop' },
    permissions,
    politeParticle: null,
  };
  setProfile({ id: me.id, displayName: me.displayName, profilePath: null, roles: me.roles });
  answer(routes.me.get, me);
  return me;
}

const SHELL_CONTEXT: ShellContext = { links: [], landingPath: '/issue/inbox' };

/**
 * Renders the screen signed in (SuperAdmin unless told) and waits for its loader; `user` types and clicks
 * as a person does.
 */
export function renderScreen(module: ScreenModule, options: ScreenOptions): Promise<Rendered> {
  return renderRoute(module.Component, module.loader, options);
}

/**
 * Renders a part of a screen (a drawer, a panel) the same way, with the texts its screen loads (`texts`,
 * such as ensureInboxTexts).
 */
export function renderInApp(
  element: ReactElement,
  options: ScreenOptions & { texts?: () => Promise<unknown> },
): Promise<Rendered> {
  return renderRoute(() => element, options.texts, options);
}

type Rendered = RenderResult & { user: UserEvent };

async function renderRoute(
  Component: ComponentType,
  loader: (() => Promise<unknown>) | undefined,
  options: ScreenOptions,
): Promise<Rendered> {
  signIn(options.role ?? 'SuperAdmin', options.permissions);
  await applyLanguage(options.lang);
  const [pathname] = options.path.split('?');
  const separator = options.path.includes('?') ? '&' : '?';
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={SHELL_CONTEXT} />,
        children: [
          {
            path: pathname,
            Component,
            loader: loader && (() => loader().then(() => null)),
            HydrateFallback: PageSpinner,
          },
        ],
      },
    ],
    { initialEntries: [`${options.path}${separator}lang=${options.lang}`] },
  );
  const user = userEvent.setup();
  const result = render(
    <Providers>
      <SignedInProviders>
        <RouterProvider router={router} />
      </SignedInProviders>
    </Providers>,
  );
  // The router renders the page once its loader (the screen's texts) is done.
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return { ...result, user };
}

/**
 * The text of a catalogue key in the language on screen, with {{placeholders}} filled in, read from the
 * catalogue itself rather than through the app's i18next.
 */
export function text(key: TranslationKey, values: Record<string, string | number> = {}): string {
  return catalogueText(i18next.language === 'th' ? 'th' : 'en', key, values);
}
