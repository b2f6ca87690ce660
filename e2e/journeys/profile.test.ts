// Profile edit: profile form, avatar, password rules, notification settings.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Browser, Page } from 'playwright-core';
import { location, signInThroughApi } from '../support/app';
import { launchBrowser, newContext, openPage } from '../support/browser';
import type { Viewport } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A valid 1×1 PNG. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 15, 157, 88]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openProfile(page: Page, viewport: Viewport): Promise<void> {
  const path = viewport === 'phone' ? '/mobile/profile/edit-profile' : '/profile/edit-profile';
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
  await page.getByTestId('profile-form').waitFor();
}

const passwordForm = (page: Page) => page.getByTestId('password-form');

describe('profile edit', () => {
  it.each<Viewport>(['desktop', 'phone'])('opens from the user menu on %s', async (viewport) => {
    const context = await newContext(browser, baseUrl, viewport);
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'manager@demo.local', DEMO_PASSWORD);
    await openProfile(page, viewport);
    expect(location(page).search.get('lang')).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the profile and requires its fields', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'staff@demo.local', DEMO_PASSWORD);
    await openProfile(page, 'desktop');
    const form = page.getByTestId('profile-form');
    const firstName = form.getByLabel('First name');
    const original = await firstName.inputValue();

    await firstName.fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Please enter your first name.').waitFor();

    await firstName.fill('Somsri');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await expect.poll(() => page.getByTestId('user-display-name').innerText()).toContain('Somsri');

    await firstName.fill(original);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('user-display-name').innerText()).toContain(original);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads an avatar and refuses files that are not small images', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'staff@demo.local', DEMO_PASSWORD);
    await openProfile(page, 'desktop');
    const input = page.getByTestId('avatar-input');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Please choose an image file (JPEG, PNG, GIF or WebP).').waitFor();

    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    await page.getByText('The image is larger than 5 MB.').first().waitFor();

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByText('Your profile picture has been updated.').waitFor();
    const src = await page.getByTestId('profile-avatar').locator('img').getAttribute('src');
    // A signed link that expires (docs/decisions/files.md "Files"): the id alone opens nothing.
    expect(src).toMatch(/^\/files\/[\w-]{32}\?expires=\d+&signature=[\w-]{43}$/);
    expect(await page.evaluate(() => localStorage.getItem('profilePath'))).toBe(src);
    const image = await page.request.get(`${baseUrl}${src}`);
    expect(image.status()).toBe(200);
    const bare = await page.request.get(`${baseUrl}${src!.split('?')[0]}`);
    expect(bare.status()).toBe(403);
    expect(((await bare.json()) as { error: { code: string } }).error.code).toBe('file.link_invalid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each password rule, the mismatch and a wrong current password, then changes it', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'staff@demo.local', DEMO_PASSWORD);
    await openProfile(page, 'desktop');
    const form = passwordForm(page);
    const next = form.getByLabel('New password', { exact: true });
    const confirm = form.getByLabel('Confirm new password');

    const cases: Array<[string, string]> = [
      ['Ab1', 'The password must be 8 to 30 characters long.'],
      ['abcdefgh', 'The password must contain at least one number.'],
      ['12345678', 'The password must contain at least one English letter.'],
      ['Abc1111xyz', 'The password must not repeat a character three times in a row (such as aaa or 111).'],
      ['password1', 'This password is too common. Please choose another one.'],
    ];
    for (const [value, message] of cases) {
      await next.fill(value);
      await form.getByText(message).waitFor();
    }

    await next.fill('Tomyumgoong7');
    await confirm.fill('Tomyumgoong8');
    await form.getByText('The two passwords that you entered do not match!').waitFor();

    await form.getByLabel('Current password').fill('wrong-password-1');
    await confirm.fill('Tomyumgoong7');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password incorrect').waitFor();

    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    // Change it back so the other journeys keep the demo password.
    await form.getByLabel('Current password').fill('Tomyumgoong7');
    await next.fill(DEMO_PASSWORD);
    await confirm.fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Your password has been changed.').count()).toBeGreaterThan(0);
    await expect.poll(() => form.getByLabel('Current password').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves notification settings and explains LINE alerts', async () => {
    const context = await newContext(browser, baseUrl, 'phone', 'th');
    const { page, errors } = await openPage(context);
    await signInThroughApi(
      page,
      'manager@demo.local',
      DEMO_PASSWORD,
      'th',
      '/mobile/profile/edit-profile?lang=th',
    );
    const settings = page.getByTestId('notification-settings');
    await settings.waitFor();
    await settings.getByText('LINE Notify ปิดให้บริการแล้ว', { exact: false }).waitFor();
    await page.getByTestId('line-linked').waitFor();
    // An iPhone's browser tab: notifications need Sabai on the home screen, and the page says how.
    await settings.getByTestId('home-screen-hint').getByText('เพิ่มไปยังหน้าจอโฮม', { exact: false }).waitFor();

    const soundSwitch = page.getByTestId('notification-switch-sound');
    const before = await soundSwitch.getAttribute('aria-checked');
    await soundSwitch.click();
    await page.getByText('บันทึกการตั้งค่าการแจ้งเตือนเรียบร้อยแล้ว').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('notification-switch-sound').getAttribute('aria-checked'))
      .not.toBe(before);
    await page.getByTestId('notification-switch-sound').click();
    await expect
      .poll(() => page.getByTestId('notification-switch-sound').getAttribute('aria-checked'))
      .toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
