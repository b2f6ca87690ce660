// Outgoing webhooks (/setting/webhooks): an admin adds an endpoint pointing at a receiver
// this journey runs (the e2e server allows private addresses), copies its signing secret from the dialog that
// shows it once; a customer of the simulator writes, and the receiver gets the message as a signed POST
// (checked here with node:crypto, as an integrator would); the delivery log shows it, "Resend" sends the
// same event again; the secret is rotated and the endpoint deleted after confirmations. The empty and
// failure states of the list, and who may open the screen. In English.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { TranslationKey } from '@sabai/i18n';
import { sideMenuLabels, signInThroughApi } from '../support/app';
import { newContext, openPage, type Locale } from '../support/browser';
import { newLineCustomer } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { confirmDialog, deleteRow, noticeShows, openFromMenu, snap, tableRow } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

type Received = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; data: { message?: { text?: string | null } | null } };
};

/** The integrator's side: a plain HTTP server on 127.0.0.1 that records what it is sent and answers 200. */
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body,
        json: JSON.parse(body) as Received['json'],
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The documented check: HMAC-SHA256 of `${timestamp}.${body}` with the secret, compared in constant time. */
function isSigned(secret: string, request: Received): boolean {
  const timestamp = String(request.headers['sabai-webhook-timestamp']);
  const signature = String(request.headers['sabai-webhook-signature']).replace(/^v1=/, '');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The requests to `path` carrying the customer message `words`, once `count` have arrived. */
async function messagesReceived(path: string, words: string, count: number) {
  await expect
    .poll(() => received.filter((r) => r.path === path && r.json.data.message?.text === words).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  return received.filter((r) => r.path === path && r.json.data.message?.text === words);
}

const lang = 'en' as Locale;
describe('webhooks in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('adds an endpoint, receives a customer’s message signed, resends it, rotates the secret, deletes it', async () => {
    const baseUrl = inject('baseUrl');
    const context = await newContext(browser(), baseUrl, 'desktop', lang);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'admin@demo.local', DEMO_PASSWORD, lang);
    await openFromMenu(page, lang, 'nav.webhooks', '/setting/webhooks', 'webhooks-page');
    await page.getByTestId('webhooks-table').waitFor();

    // The form: an address that is no URL is refused on the spot; all events are chosen to begin with.
    const path = `/hooks/${lang}`;
    const url = `${receiverUrl}${path}`;
    await page.getByTestId('add-webhook-endpoint').click();
    await page.getByTestId('webhook-endpoint-form').waitFor();
    await page.getByTestId('webhook-url').fill('crm.example.com/hook');
    await page.getByTestId('webhook-save').click();
    await page.getByText(t('webhooks.form.urlInvalid')).waitFor();
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-description').fill(`CRM (${lang})`);
    await page.getByText(t('webhooks.form.urlInvalid')).waitFor({ state: 'detached' });
    await snap(page, `webhooks-form-desktop-${lang}`);
    await page.getByTestId('webhook-save').click();

    // The secret, shown once, copied.
    const modal = page.getByTestId('webhook-secret-modal');
    await modal.getByText(t('webhooks.secret.warning')).waitFor();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await snap(page, `webhooks-secret-desktop-${lang}`);
    await page.getByTestId('copy-webhook-secret').click();
    await noticeShows(page, lang, 'webhooks.secret.copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByTestId('webhook-secret-stored').click();
    await modal.waitFor({ state: 'hidden' });
    const row = tableRow(page, url);
    await row.waitFor();
    expect(await row.innerText()).not.toContain(secret);
    expect(await row.getByTestId('webhook-endpoint-status').innerText()).toBe(t('webhooks.status.enabled'));

    // A customer writes: the receiver gets the message, signed with the copied secret.
    const words = `Is my order on its way? (${lang} ${Date.now() % 100_000})`;
    const customer = await newLineCustomer(`Webhook ${lang}`);
    await customer.says(words);
    const [delivered] = await messagesReceived(path, words, 1);
    expect(delivered!.json.type).toBe('message.created');
    expect(delivered!.headers['sabai-webhook-id']).toBe(delivered!.json.id);
    expect(isSigned(secret, delivered!)).toBe(true);
    expect(isSigned(`${secret}x`, delivered!)).toBe(false);

    // The list shows the latest delivery; its log shows the message's, answered 200.
    await page.reload();
    await expect.poll(() => row.getByTestId('webhook-last-delivery').count()).toBe(1);
    await snap(page, `webhooks-list-desktop-${lang}`);
    await row.getByRole('button', { name: t('webhooks.actions.deliveries'), exact: true }).click();
    const log = page.getByTestId('webhook-deliveries-table');
    await log.waitFor();
    const eventRow = log.locator('.ant-table-row', { hasText: delivered!.json.id.slice(0, 8) });
    await eventRow.waitFor();
    expect(await eventRow.getByTestId('webhook-delivery-event').innerText()).toBe(
      t('webhooks.events.message_created'),
    );
    await expect
      .poll(() => eventRow.getByTestId('webhook-delivery-status').innerText())
      .toBe(`${t('webhooks.deliveries.status.delivered')} · 200`);
    expect(await eventRow.getByTestId('webhook-delivery-attempts').innerText()).toBe('1');
    expect(await eventRow.getByTestId('webhook-delivery-response').innerText()).toBe('received');
    await snap(page, `webhooks-deliveries-desktop-${lang}`);

    // Resent: the same event and body reach the receiver again, and the log counts a second attempt.
    await eventRow.getByTestId('webhook-resend').click();
    await noticeShows(page, lang, 'webhooks.deliveries.resent');
    const [, again] = await messagesReceived(path, words, 2);
    expect(again!.json.id).toBe(delivered!.json.id);
    expect(again!.body).toBe(delivered!.body);
    expect(isSigned(secret, again!)).toBe(true);
    await expect.poll(() => eventRow.getByTestId('webhook-delivery-attempts').innerText()).toBe('2');
    await eventRow.locator('.ant-table-row-expand-icon').click();
    const attempts = page.getByTestId('webhook-attempts');
    await expect.poll(() => attempts.locator('.ant-table-row').count()).toBe(2);
    expect(await attempts.locator('.ant-table-row').first().innerText()).toContain(
      t('webhooks.attempts.resend'),
    );
    await snap(page, `webhooks-resent-desktop-${lang}`);
    await page.locator('.webhooks-deliveries .ant-drawer-close').click();
    await log.waitFor({ state: 'hidden' });

    // A new secret after a confirmation, shown once; the next delivery is signed with it.
    await row.getByRole('button', { name: t('webhooks.actions.rotate'), exact: true }).click();
    await confirmDialog(
      page,
      t('webhooks.rotateConfirm.title', { url: url.replace(/^https?:\/\//, '') }),
      t('webhooks.rotateConfirm.ok'),
    );
    await modal.getByText(t('webhooks.secret.warning')).waitFor();
    const rotated = await page.getByTestId('webhook-secret').inputValue();
    expect(rotated).not.toBe(secret);
    await page.getByTestId('webhook-secret-stored').click();
    const later = `${words} again`;
    await customer.says(later);
    const [afterRotation] = await messagesReceived(path, later, 1);
    expect(isSigned(rotated, afterRotation!)).toBe(true);

    // Deleted after a confirmation.
    await deleteRow(page, lang, url, {
      title: t('webhooks.deleteConfirm.title', { url: url.replace(/^https?:\/\//, '') }),
      ok: t('webhooks.deleteConfirm.ok'),
      notice: 'webhooks.deleted',
      snapName: `webhooks-delete-desktop-${lang}`,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the screen to admins only', async () => {
    const staff = await openSignedIn(browser(), 'staff@demo.local', lang);
    expect(await sideMenuLabels(staff.page)).not.toContain(t('nav.webhooks'));
    await staff.context.close();
  });
});
