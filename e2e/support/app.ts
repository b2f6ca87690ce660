// Steps the journeys share: signing in, reading the menu, the session storage and captured mails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CapturedMail } from './smtp';
import { scanOncePerState } from './accessibility';
import type { Locale } from './browser';
import { landingPath } from './demo';
import type { DemoRole } from './demo';
import { savePicture } from './pictures';

export const SESSION_KEYS = [
  'token',
  'displayName',
  'profilePath',
  'role',
  'id',
  'accessToken',
  'deviceToken',
];

const PUBLIC_PATH = /^(\/mobile)?(\/|\/login(\/.*)?|\/policy)?$/;

/** Opens the sign-in page and signs in; resolves once the URL left the sign-in page. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  lang: 'en' | 'th' = 'en',
): Promise<void> {
  await page.goto(`/login?lang=${lang}`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  await page.waitForURL((url) => !PUBLIC_PATH.test(url.pathname), { timeout: 30_000 });
}

type LoginAnswer = { accessToken: string; refreshToken: string; profilePath: string | null };

/**
 * Signs in over HTTP (POST /auth/login, as the form does), stores what the form stores from the answer
 * (the SESSION_KEYS: the token pair, the access token, and the profile read from its claims) and opens the
 * page the role lands on, or `startPath` when given. The journeys about signing in use the form (`signIn`);
 * every other journey starts here, a page load and a form fewer per sign-in.
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  password: string,
  lang: Locale = 'en',
  startPath?: string,
): Promise<void> {
  const context = page.context();
  // The page's request context shares the browser context's cookies: the answer's XSRF cookie is kept.
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password } });
  if (!login.ok()) throw new Error(`Sign-in as ${email} answered ${login.status()}`);
  const answer = (await login.json()) as LoginAnswer;
  const claims = JSON.parse(
    Buffer.from(answer.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { sub: string; roleName: DemoRole };
  const stored: Record<string, string> = {
    token: JSON.stringify({ accessToken: answer.accessToken, refreshToken: answer.refreshToken }),
    accessToken: answer.accessToken,
    id: claims.sub,
    displayName: '',
    role: JSON.stringify([claims.roleName]),
    ...(answer.profilePath ? { profilePath: answer.profilePath } : {}),
  };
  await context.setStorageState({
    cookies: await context.cookies(),
    origins: [
      {
        origin: new URL(login.url()).origin,
        localStorage: Object.entries(stored).map(([name, value]) => ({ name, value })),
      },
    ],
  });
  const isPhone = /iPhone|Android/.test(await page.evaluate(() => navigator.userAgent));
  const landing = landingPath(claims.roleName, isPhone ? 'phone' : 'desktop');
  await page.goto(startPath ?? `${landing}?lang=${lang}`);
  // The shell keeps the page only with a session it accepts (else it goes to the sign-in page); a start
  // path may send a layout to its own (a phone to /mobile), the landing page stays where it is.
  await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
  const { pathname } = location(page);
  const trimmed = (path: string) => path.replace(/\/$/, '');
  if (startPath ? PUBLIC_PATH.test(pathname) : trimmed(pathname) !== trimmed(landing))
    throw new Error(`Signed in as ${email}, the page is ${page.url()}`);
}

/** The path and query of the page. */
export function location(page: Page): { pathname: string; search: URLSearchParams } {
  const url = new URL(page.url());
  return { pathname: url.pathname, search: url.searchParams };
}

/** Labels of the desktop side menu (none, and no sidebar, when the role may open no screen). */
export async function sideMenuLabels(page: Page): Promise<string[]> {
  await page.getByTestId('user-menu').waitFor();
  if ((await page.getByTestId('sidebar').count()) === 0) return [];
  return (await page.getByTestId('side-menu').locator('li[role="menuitem"]').allInnerTexts()).map((text) =>
    text.trim(),
  );
}

/** Opens the mobile drawer and returns its menu's labels (none for a role without mobile screens). */
export async function drawerLabels(page: Page): Promise<string[]> {
  await page.getByTestId('user-menu').waitFor();
  if ((await page.getByTestId('menu-button').count()) === 0) return [];
  await page.getByTestId('menu-button').click();
  const drawer = page.getByTestId('mobile-drawer');
  await drawer.waitFor();
  return (await page.getByTestId('drawer-menu').locator('li[role="menuitem"]').allInnerTexts()).map((text) =>
    text.trim(),
  );
}

/** The session keys (SESSION_KEYS) present in localStorage. */
export function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), SESSION_KEYS);
}

/** A full-page screenshot under e2e/artifacts/, then an axe check of the same screen's state. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await savePicture(page, name);
  await scanOncePerState(page, name);
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodedParts(raw: string): string[] {
  // Decoded text first: in the raw quoted-printable text a soft line break can cut a link short.
  const parts = [decodeQuotedPrintable(raw)];
  for (const match of raw.matchAll(
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    parts.push(Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'));
  }
  parts.push(raw);
  return parts;
}

/** Waits for a mail to the address received after `since`, and returns the first link to the given path. */
export async function waitForMailLink(
  mailDir: string,
  to: string,
  path: string,
  since: number,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/.]/g, '\\$&')}\\?[^\\s"'<>]+`);
  while (Date.now() < deadline) {
    const mails = readdirSync(mailDir)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(mailDir, file), 'utf8')) as CapturedMail)
      .filter((mail) => mail.receivedAt >= since && mail.to.includes(to.toLowerCase()));
    for (const mail of mails) {
      for (const part of decodedParts(mail.raw)) {
        const link = part.match(pattern)?.[0];
        if (link) return link.replace(/&amp;/g, '&');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a ${path} link`);
}
