// Comments on posts: a customer's comments on the demo Page's post become a comment
// thread; the agent filters the inbox to comments, sees the post above the thread, replies publicly under a
// comment, replies privately and follows the link to the Messenger chat it went to (linked back), likes,
// hides and deletes (after confirming) a comment, each reaching the platform. A live sale collects its "CF"
// comments into an order list exported as CSV. Desktop and phone, in English.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { assignedCommentIssue, demoPagePost } from '../support/comments';
import { userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { confirmDialog, noticeShows, snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';
/** What waits on the server's jobs and the simulator (a delivery, the post's preview) gets this long. */
const SERVER_WAIT = { timeout: 15_000 };

/** A post with a customer's comments on it, their thread given to the manager. */
async function commentedPost(postText: string, label: string, comments: string[]) {
  const post = await demoPagePost(postText);
  const customer = post.commenter(label);
  const commentIds: string[] = [];
  for (const body of comments) commentIds.push(await customer.says(body));
  const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  try {
    const issueId = await assignedCommentIssue(admin, await userIdOf(MANAGER), customer.name);
    return { post, customer, commentIds, issueId, admin };
  } catch (error) {
    await admin.dispose();
    throw error;
  }
}

const commentOf = (page: Page, commentId: string) =>
  page.locator(`[data-testid="comment"][data-comment-id="${commentId}"]`);

const lang = 'en' as Locale;
describe('comment threads on desktop in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('filters comments, replies publicly and privately, likes, hides and deletes', async () => {
    const th = lang === 'th';
    const postText = th ? 'เสื้อลินินใหม่ 590 บาท' : 'New linen shirts, 590 baht';
    const question = th ? 'มีไซซ์ M ไหมคะ' : 'Do you have size M?';
    const spam = th ? 'ดูโปรที่ลิงก์นี้' : 'Cheap followers here';
    const { post, customer, commentIds, issueId, admin } = await commentedPost(postText, 'Commenter', [
      question,
      spam,
    ]);
    await admin.dispose();
    const [questionId, spamId] = commentIds as [string, string];
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}`,
    );
    await page.getByTestId('issue-list').waitFor();

    // The inbox shows comments only: the thread's card carries the comment marker.
    await page.getByTestId('kind-filter').getByText(t('inbox.filters.kindComment')).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('comment');
    const card = page.getByTestId('issue-card').filter({ hasText: customer.name });
    await card.getByRole('img', { name: t('inbox.list.commentMarker') }).waitFor();
    await card.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('issueId')).toBe(String(issueId));

    // The post above the thread, with its picture and link.
    const preview = page.getByTestId('post-preview');
    await preview.getByTestId('post-text').getByText(postText).waitFor();
    expect(await preview.getByTestId('open-post').getAttribute('href')).toBe(post.permalink);
    const picture = preview.getByTestId('post-picture');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), SERVER_WAIT)
      .toBeGreaterThan(0);
    await commentOf(page, spamId).waitFor();
    await liveOpen(page);
    await snap(page, `comments-thread-desktop-${lang}`);

    // A public reply under the question (chosen with Reply): on the platform under that comment.
    await commentOf(page, questionId).getByTestId('comment-reply').click();
    await page.getByTestId('reply-target').getByText(customer.name).waitFor();
    const answer = th ? 'มีค่ะ ไซซ์ M เหลือ 3 ตัว' : 'Yes, 3 left in size M';
    await page.getByTestId('composer-input').fill(answer);
    await page.getByTestId('send').click();
    await expect
      .poll(async () => (await post.state(questionId)).replies.map((reply) => reply.message), SERVER_WAIT)
      .toEqual([answer]);
    const ours = commentOf(page, questionId)
      .locator('xpath=..')
      .locator('[data-testid="comment"][data-side="ours"]', { hasText: answer });
    await ours.waitFor();
    // The next reply goes to the latest comment again.
    await page.getByTestId('reply-target').waitFor({ state: 'detached' });

    // A private reply: on its way, then sent, with the chat it went to.
    await commentOf(page, questionId).getByTestId('comment-private-reply').click();
    const modal = page.getByTestId('private-reply-modal');
    const privately = th ? 'ส่งรายละเอียดราคาให้ทางแชทนะคะ' : 'Sending you the price list here';
    await modal.getByTestId('private-reply-text').fill(privately);
    await snap(page, `comments-private-reply-desktop-${lang}`);
    await page.getByTestId('send-private-reply').click();
    const sent = commentOf(page, questionId).getByTestId('private-reply-sent');
    await sent.waitFor();
    await expect.poll(async () => (await post.state(questionId)).privateReplies, SERVER_WAIT).toBe(1);
    expect(await commentOf(page, questionId).getByTestId('comment-private-reply').isDisabled()).toBe(true);
    await sent.getByTestId('open-private-chat').click();

    // The Messenger chat shows the reply, marked as a private reply to the comment, linked back.
    const chat = page.locator('[data-testid="chat-pane"][data-kind="conversation"]');
    await chat.waitFor();
    const reply = chat.getByTestId('message').filter({ hasText: privately });
    await reply.getByTestId('from-comment').getByText(t('inbox.comments.fromComment.line')).waitFor();
    await snap(page, `comments-private-chat-desktop-${lang}`);
    await reply.getByTestId('open-comment-thread').click();
    await page.locator(`[data-testid="chat-pane"][data-issue-id="${issueId}"]`).waitFor();

    // Like and hide the other comment, then delete it after confirming.
    const other = commentOf(page, spamId);
    await other.getByTestId('comment-like').click();
    await other.getByTestId('badge-liked').waitFor();
    expect((await post.state(spamId)).liked).toBe(true);
    await other.getByTestId('comment-hide').click();
    await other.getByTestId('badge-hidden').waitFor();
    expect((await post.state(spamId)).hidden).toBe(true);
    await noticeShows(page, lang, 'inbox.comments.thread.done.hide');
    await other.getByTestId('comment-delete').click();
    await confirmDialog(
      page,
      t('inbox.comments.thread.confirmDelete'),
      t('inbox.comments.thread.delete'),
      `comments-delete-confirm-desktop-${lang}`,
    );
    await other.getByTestId('badge-deleted').waitFor();
    expect((await post.state(spamId)).deleted).toBe(true);
    expect(await other.getByTestId('comment-delete').count()).toBe(0);
    await snap(page, `comments-actions-desktop-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('order list of a live sale', () => {
  it('collects the CF comments and exports them as CSV', async () => {
    const lang: Locale = 'en';
    const { post, issueId, admin } = await commentedPost('LIVE: silk scarves, CF to order', 'Host Fan', [
      'Hello from the live!',
    ]);
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&kind=comment&issueId=${issueId}`,
    );
    const preview = page.getByTestId('post-preview');
    await preview.getByTestId('post-text').waitFor();

    // Order collection starts with the default keyword, CF.
    await preview.getByTestId('collect-orders').click();
    await noticeShows(page, lang, 'inbox.comments.orders.started');
    expect(await preview.getByTestId('order-keyword-text').allInnerTexts()).toEqual(['CF']);
    // A Thai live's "เอา" ("I'll take it") counts too.
    await preview.getByTestId('add-order-keyword').click();
    await preview.getByTestId('new-order-keyword').fill('เอา');
    await preview.getByTestId('new-order-keyword').press('Enter');
    await noticeShows(page, lang, 'inbox.comments.orders.keywordsSaved');
    await expect.poll(() => preview.getByTestId('order-keyword-text').allInnerTexts()).toEqual(['CF', 'เอา']);

    const viewers = [post.commenter('Viewer A'), post.commenter('Viewer B'), post.commenter('Viewer C')];
    const postId = await postIdOf(admin, issueId);
    const ordersTaken = async () =>
      (await admin.call<{ total: number }>('GET', `/posts/${postId}/orders`)).total;
    // One after the other: Meta's comment times are whole seconds, and two comments of one second may be
    // stored in either order (the list then goes by when each was stored).
    await viewers[0]!.says('CF');
    await expect.poll(ordersTaken, SERVER_WAIT).toBe(1);
    await viewers[1]!.says('cf2');
    await viewers[2]!.says('nice');
    await expect.poll(ordersTaken, SERVER_WAIT).toBe(2);
    await admin.dispose();
    await expect.poll(() => preview.getByTestId('order-count').innerText(), SERVER_WAIT).toBe('2');
    await snap(page, 'comments-orders-collecting-desktop-en');

    await preview.getByTestId('open-orders').click();
    const drawer = page.getByTestId('orders-drawer');
    const rows = drawer.locator('.ant-table-row');
    await expect.poll(() => rows.count(), SERVER_WAIT).toBe(2);
    expect(await rows.nth(0).innerText()).toContain(viewers[0]!.name);
    expect(await rows.nth(1).innerText()).toContain('cf2');
    await snap(page, 'comments-orders-desktop-en');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByTestId('export-orders-csv').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^orders-[\w-]+\.csv$/);
    await noticeShows(page, lang, 'inbox.comments.orders.exported');
    const lines = (await readFile(await file.path()))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain(text(lang, 'inbox.comments.orders.comment'));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(viewers[0]!.name);
    expect(lines[1]).toContain('CF');
    expect(lines[2]).toContain(viewers[1]!.name);
    expect(lines[2]).toContain('cf2');
    expect(lines.join('\n')).not.toContain('nice');

    // The kanban shows comment threads among the conversations, marked as comments.
    await page.goto(`/issue/kanban?lang=${lang}&kind=comment`);
    const card = page.locator(`[data-testid="issue-card"][data-issue-id="${issueId}"]`);
    await card.getByTestId('comment-marker').waitFor();
    expect(await page.getByTestId('kind-filter').count()).toBe(0);
    await snap(page, 'comments-kanban-desktop-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('comment threads on a phone in en', () => {
  const t = (key: TranslationKey) => text(lang, key);

  it('filters comments in the drawer, opens the thread full screen and replies publicly', async () => {
    const th = lang === 'th';
    const postText = th ? 'กระเป๋าสานรุ่นใหม่' : 'New woven bags';
    const { post, customer, commentIds, admin } = await commentedPost(postText, 'Phone Commenter', [
      th ? 'ส่งต่างจังหวัดไหมคะ' : 'Do you ship upcountry?',
    ]);
    await admin.dispose();
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'phone',
      `/mobile/issue/inbox?lang=${lang}`,
    );
    await page.getByTestId('issue-list').waitFor();
    await page.getByTestId('open-filters').click();
    const drawer = page.getByTestId('filters-drawer');
    await drawer.getByTestId('kind-filter').getByText(t('inbox.filters.kindComment')).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('comment');
    await snap(page, `comments-filter-phone-${lang}`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('issue-card').filter({ hasText: customer.name }).click();

    await page.getByTestId('mobile-chat-page').waitFor();
    await page.getByTestId('post-preview').getByTestId('post-text').getByText(postText).waitFor();
    await commentOf(page, commentIds[0]!).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const answer = th ? 'ส่งทั่วประเทศค่ะ' : 'Yes, all over Thailand';
    await page.getByTestId('composer-input').fill(answer);
    await page.getByTestId('send').click();
    await expect
      .poll(async () => (await post.state(commentIds[0]!)).replies.map((reply) => reply.message), SERVER_WAIT)
      .toEqual([answer]);
    await page.locator('[data-testid="comment"][data-side="ours"]', { hasText: answer }).waitFor();
    await snap(page, `comments-thread-phone-${lang}`);

    // Order collection turned on from the phone.
    await page.getByTestId('collect-orders').click();
    await noticeShows(page, lang, 'inbox.comments.orders.started');
    await page.getByTestId('order-keyword-text').getByText('CF').waitFor();
    await snap(page, `comments-collecting-phone-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The post of a comment issue (its detail names it). */
async function postIdOf(admin: ApiSession, issueId: number) {
  return (await admin.call<{ postId: string }>('GET', `/issues/${issueId}`)).postId;
}
