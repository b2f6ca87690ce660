// Forgot password → mail from the SMTP listener → new password → password created → sign in with it.
// The journey resets the password of a user of its own: other journeys sign in as the demo users.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Browser } from 'playwright-core';
import { apiSession, type ApiSession } from '../support/api';
import { location, signIn, waitForMailLink } from '../support/app';
import { launchBrowser, newContext, openPage } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { inviteActiveUser, roleId } from '../support/people';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const email = `forgetful-${randomBytes(3).toString('hex')}@example.com`;
let browser: Browser;
let admin: ApiSession;
let userId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSession(baseUrl, 'admin@demo.local', DEMO_PASSWORD);
  const staff = await roleId(admin, 'Staff');
  userId = await inviteActiveUser(admin, { email, firstName: 'Fah', lastName: 'Forgetful', roleId: staff });
});

afterAll(async () => {
  try {
    if (userId) await admin.call('DELETE', `/users/${userId}`);
  } finally {
    await admin?.dispose();
    await browser?.close();
  }
});

describe('forgotten password', () => {
  it('resets the password through the mailed link (phone, Thai)', async () => {
    const context = await newContext(browser, baseUrl, 'phone', 'th');
    const { page, errors } = await openPage(context);
    await page.goto('/login?lang=th');
    await page.getByRole('link', { name: 'ลืมรหัสผ่าน?' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/mobile/login/forget-password' && url.searchParams.get('lang') === 'th',
    );

    // The URL changes before React commits the new page, and the login page has an 'อีเมล' field too: the
    // form's own button says the forgot-password page is the one on screen (filling the login's field then
    // submitting an empty form was CI's "no answer within 45 s").
    await page.getByRole('button', { name: 'ส่งลิงก์' }).waitFor();
    const since = Date.now();
    await page.getByLabel('อีเมล').fill(email);
    // The server's answer, awaited on its own: a failure then says whether the request hung or was refused.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/forgot-password'), {
      timeout: 45_000,
    });
    await page.getByRole('button', { name: 'ส่งลิงก์' }).click();
    expect((await answer).status()).toBe(204);
    // The result or the form's error: a failure then names its reason instead of a bare timeout.
    const outcome = page.getByTestId('public-result').or(page.getByTestId('form-alert'));
    await outcome.first().waitFor({ timeout: 45_000 });
    expect(await outcome.first().textContent()).toContain('กรุณาตรวจสอบอีเมลของคุณ');

    const link = await waitForMailLink(mailDir, email, '/login/reset-password', since);
    const url = new URL(link);
    expect(url.searchParams.get('token')).toBeTruthy();
    await page.goto(`${url.pathname}${url.search}`);
    await page.waitForURL((next) => next.pathname === '/mobile/login/reset-password');
    expect(location(page).search.get('lang')).toBe('th');

    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('short1');
    await page.getByText('รหัสผ่านต้องมีความยาว 8 ถึง 30 ตัวอักษร').waitFor();
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('Kanomjeen42');
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('Kanomjeen43');
    await page.getByText('รหัสผ่านทั้งสองช่องไม่ตรงกัน!').waitFor();
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('Kanomjeen42');
    await page.getByRole('button', { name: 'บันทึกรหัสผ่าน' }).click();
    await page.waitForURL((next) => next.pathname === '/mobile/login/password-created');
    await page.getByText('บันทึกรหัสผ่านเรียบร้อยแล้ว').first().waitFor();

    await page.getByRole('button', { name: 'ไปหน้าเข้าสู่ระบบ' }).click();
    await page.waitForURL((next) => next.pathname === '/mobile/login');
    await signIn(page, email, 'Kanomjeen42', 'th');
    expect(location(page).pathname).toBe('/mobile/issue/inbox/');

    // The link works once.
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('Kanomjeen99');
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('Kanomjeen99');
    await page.getByRole('button', { name: 'บันทึกรหัสผ่าน' }).click();
    await page.getByText('ลิงก์นี้ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอลิงก์ใหม่').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a link without a token', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page } = await openPage(context);
    await page.goto('/login/set-new-password?lang=en');
    await page.getByText('This link is incomplete').waitFor();
    await context.close();
  });
});
