// Names that try to disguise themselves: a customer whose LINE name carries a
// right-to-left override, a file "invoice‮gnp.exe" that would read "invoiceexe.png", and an agent invited
// with one in the name. Each shows isolated from its neighbours (<bdi>) with the override named by its code
// point, in the inbox card, the chat, the file message and the users table. In Thai.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator } from 'playwright-core';
import { AdminClient } from '@sabai/simulator';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { openFromMenu, snap } from '../support/settings';
import { DEMO_LINE, demoLineCustomer } from '../support/simulator';

const browser = useBrowser();
const RLO = '\u202E';

/** The name as shown: one isolated <bdi>, the override written out, and no raw override left anywhere. */
async function expectDefused(container: Locator, before: string, after: string) {
  const name = container.locator('bdi.safe-text').filter({ hasText: before }).first();
  await name.waitFor();
  const shown = await name.innerText();
  expect(shown).not.toContain(RLO);
  expect(shown.replace(/\s/g, '')).toBe(`${before}U+202E${after}`.replace(/\s/g, ''));
  expect(await name.locator('.safe-text__control').innerText()).toBe('U+202E');
}

const lang = 'th' as Locale;
describe('names with invisible characters in th', () => {
  it('shows a customer’s name, a file name and an agent’s name isolated, with the override visible', async () => {
    const mark = `${lang.toUpperCase()}${randomBytes(3).toString('hex')}`;
    const customerName = `Nok ${mark} ${RLO}gnp.exe`;
    const userId = `U${randomBytes(16).toString('hex')}`;
    const customer = await demoLineCustomer(inject('simulatorUrl'), inject('baseUrl'), userId, customerName);
    await customer.says(`ส่งใบแจ้งหนี้ให้ค่ะ ${mark}`);
    await new AdminClient(inject('simulatorUrl')).lineEvents(DEMO_LINE.channelId, [
      {
        type: 'file',
        userId,
        fileName: `invoice-${mark}${RLO}gnp.exe`,
        content: Buffer.from('MZ not really a picture').toString('base64'),
        contentType: 'application/octet-stream',
      },
    ]);

    const api = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const roles = await api.call<Array<{ id: string; name: string }>>('GET', '/roles');
    const agent = await api.call<{ id: string }>('POST', '/users', {
      email: `rlo-${mark.toLowerCase()}@demo.local`,
      roleId: roles.find((r) => r.name === 'Staff')!.id,
      firstName: `Agent ${mark}`,
      lastName: `${RLO}exe.lnk`,
      lang,
    });

    const { page, errors, context } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.inbox', '/issue/inbox', 'inbox-page');
    const card = page.getByTestId('issue-card').filter({ hasText: mark });
    await expectDefused(card, `Nok ${mark}`, 'gnp.exe');
    await card.click();
    const chat = page.getByTestId('chat-pane');
    await expectDefused(chat.getByTestId('chat-contact'), `Nok ${mark}`, 'gnp.exe');
    await expectDefused(chat.getByTestId('message'), `invoice-${mark}`, 'gnp.exe');
    // Saved without the override: the browser's download keeps the real extension at the end.
    const link = chat.getByTestId('message').locator('a.bubble__file').filter({ hasText: mark });
    expect(await link.getAttribute('download')).toBe(`invoice-${mark}gnp.exe`);
    await snap(page, `names-inbox-${lang}`);

    await openFromMenu(page, lang, 'nav.users', '/setting/user', 'users-page');
    await page.getByTestId('user-search').fill(mark);
    await expectDefused(page.locator('.ant-table-row').filter({ hasText: mark }), `Agent ${mark}`, 'exe.lnk');
    await snap(page, `names-users-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
    // The demo organisation's user list stays as the other journeys expect it.
    await api.call('DELETE', `/users/${agent.id}`);
    await api.dispose();
  });
});
