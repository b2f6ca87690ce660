// When an admin changes a signed-in staff member's role, the server pushes a new session
// on the notice socket and the page exchanges it at once: within a second the menus are the new role's,
// without a reload. Back to Staff, they shrink again the same way. Desktop and phone, in English.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import { drawerLabels, sideMenuLabels } from '../support/app';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale, Viewport } from '../support/browser';
import { DEMO_PASSWORD, EXPECTED_DRAWER, EXPECTED_MENU, type DemoRole } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';

const browser = useBrowser();
const STAFF = 'staff2@demo.local';

type UserDetail = {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  role: { id: string; name: string };
  teams: Array<{ id: string }>;
};
let admin: ApiSession;
let staff: UserDetail;
let roleIds: Record<string, string>;

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  const found = await admin.call<{ items: UserDetail[] }>(
    'GET',
    `/users?search=${encodeURIComponent(STAFF)}`,
  );
  staff = await admin.call<UserDetail>('GET', `/users/${found.items[0]!.id}`);
  const roles = await admin.call<Array<{ id: string; name: string }>>('GET', '/roles');
  roleIds = Object.fromEntries(roles.map((role) => [role.name, role.id]));
});

// Whatever a failed journey left, the staff member is Staff again.
afterAll(async () => {
  await setRole('Staff');
  await admin.dispose();
});

async function setRole(role: DemoRole): Promise<void> {
  await admin.call('PUT', `/users/${staff.id}`, {
    firstName: staff.firstName,
    lastName: staff.lastName,
    username: staff.username,
    roleId: roleIds[role],
    teamIds: staff.teams.map((team) => team.id),
  });
}

afterEach(() => setRole('Staff'));

/** The menu a user of the viewport sees: the side menu on a desktop, the drawer (kept open) on a phone. */
async function menuOf(page: Page, viewport: Viewport): Promise<string[]> {
  if (viewport === 'desktop') return sideMenuLabels(page);
  return (await page.getByTestId('drawer-menu').locator('li[role="menuitem"]').allInnerTexts()).map((t) =>
    t.trim(),
  );
}

/** Changes the role through the API and answers how long the page took to show `expected` (ms). */
async function changeAndTime(page: Page, viewport: Viewport, role: DemoRole, expected: string[]) {
  await setRole(role);
  const changedAt = Date.now();
  await expect.poll(() => menuOf(page, viewport), { timeout: 5_000, interval: 25 }).toEqual(expected);
  return Date.now() - changedAt;
}

const lang = 'en' as Locale;
describe.each<Viewport>(['desktop', 'phone'])('a role pushed to the %s page (en)', (viewport) => {
  it('shows the new role’s menus within a second of the change, without a reload', async () => {
    const { context, page, errors } = await openSignedIn(browser(), STAFF, lang, viewport);
    const expected = (role: DemoRole) =>
      (viewport === 'desktop' ? EXPECTED_MENU : EXPECTED_DRAWER)[role][lang];
    // The push needs the page's notice socket: load the page again, watching for it to open.
    const noticeSocket = page.waitForEvent('websocket', (ws) => ws.url().includes('socketType=web'));
    await page.reload();
    await noticeSocket;
    if (viewport === 'phone') expect(await drawerLabels(page)).toEqual(expected('Staff'));
    else expect(await sideMenuLabels(page)).toEqual(expected('Staff'));
    // Settled: the socket's registration on the server is done long before the network is quiet.
    await page.waitForLoadState('networkidle');
    // A marker that a reload would wipe.
    await page.evaluate(() => ((window as unknown as { keptAlive: boolean }).keptAlive = true));

    // The old session's sockets close; the page opens new ones with the new token.
    const reopened = page.waitForEvent('websocket', (ws) => ws.url().includes('socketType=web'));
    const promoted = await changeAndTime(page, viewport, 'Manager', expected('Manager'));
    expect(promoted).toBeLessThan(1000);
    await reopened;
    await snap(page, `role-push-manager-${viewport}-${lang}`);

    const demoted = await changeAndTime(page, viewport, 'Staff', expected('Staff'));
    expect(demoted).toBeLessThan(1000);
    expect(await page.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive)).toBe(true);
    // The page holds the new session: its access token names the role it shows.
    const roleName = await page.evaluate(() => {
      const token = JSON.parse(localStorage.getItem('token') ?? '{}') as { accessToken: string };
      const payload = token.accessToken.split('.')[1] ?? '';
      return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { roleName: string })
        .roleName;
    });
    expect(roleName).toBe('Staff');
    expect(errors).toEqual([]);
    await context.close();
  });
});
