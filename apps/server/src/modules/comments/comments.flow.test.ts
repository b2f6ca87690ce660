// The comments inbox through the real webhook and Graph paths against the simulator:
// Facebook and Instagram comments become comment issues with their post's preview; replies join the
// thread; agents reply publicly and privately (once per comment, within 7 days), like, hide and delete;
// keyword rules answer once per commenter per post; a live-commerce post collects its "CF" comments.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CommentRule,
  IssueDetail,
  IssuePage,
  Message,
  PostOrderList,
  SocialPost,
} from '@sabai/contracts';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { issues, messages } from '../../db/schema';

let h: ChannelHarness;
let fb: { id: string; pageId: string; accountId: string };
let ig: { id: string; pageId: string; accountId: string };
let seq = 0;
const user = () => `${Date.now()}${++seq}`.slice(-15);

beforeAll(async () => {
  h = await startChannelHarness();
  fb = await h.connectMeta('facebook');
  ig = await h.connectMeta('instagram');
});

const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  call(h.t.app, method, `/api/v1${path}`, { token: h.admin, ...(body === undefined ? {} : { body }) }).then(
    (res) => ({ status: res.statusCode, body: res.json<T & { error?: { code: string } }>(), raw: res }),
  );
const thread = async (issueId: number) =>
  (await api<{ items: Message[] }>('GET', `/issues/${issueId}/messages`)).body.items;
const commentIn = async (issueId: number, commentId: string) =>
  (await thread(issueId)).find((m) => m.comment?.commentId === commentId);

async function comment(accountId: string, userId: string, postId: string, text: string, parentId?: string) {
  const { commentId } = await h.sim.comments.comment(accountId, userId, postId, text, {
    name: `Khun ${userId.slice(-4)}`,
    ...(parentId ? { parentId } : {}),
  });
  const channelId = accountId === fb.accountId ? fb.id : ig.id;
  return { commentId, ...(await storedMessage(h.t, channelId, commentId)) };
}

describe('comments become comment issues', () => {
  it('opens one thread per commenter and post, with the post preview, and keeps replies in their thread', async () => {
    const post = h.sim.comments.publish(fb.accountId, { text: 'New arrivals: linen shirts 590฿' });
    const ploy = user();
    const first = await comment(fb.accountId, ploy, post.postId, 'สนใจค่ะ ไซซ์ M มีไหม');
    const second = await comment(fb.accountId, ploy, post.postId, 'สีขาวด้วยค่ะ');
    expect(second.issueId).toBe(first.issueId);
    // Someone else answering Ploy's comment stays in her thread.
    const friend = await comment(fb.accountId, user(), post.postId, 'me too!', first.commentId);
    expect(friend.issueId).toBe(first.issueId);
    // Another commenter on the same post has a thread of their own.
    const other = await comment(fb.accountId, user(), post.postId, 'price?');
    expect(other.issueId).not.toBe(first.issueId);

    const detail = (await api<IssueDetail>('GET', `/issues/${first.issueId}`)).body;
    expect(detail.kind).toBe('comment');
    expect(detail.postId).toBeTruthy();
    const preview = await eventually(async () => {
      const p = (await api<SocialPost>('GET', `/posts/${detail.postId}`)).body;
      return p.previewStatus === 'ready' ? p : null;
    });
    expect(preview).toMatchObject({ text: 'New arrivals: linen shirts 590฿', externalId: post.postId });
    expect(preview.permalink).toBe(post.permalink);
    const picture = await call(h.t.app, 'GET', preview.pictureUrl!, {});
    expect(picture.statusCode).toBe(200);
    expect(String(picture.headers['content-type'])).toMatch(/^image\//);

    const shown = await commentIn(first.issueId, friend.commentId);
    expect(shown).toMatchObject({ kind: 'comment', direction: 'inbound', text: 'me too!' });
    expect(shown!.comment).toMatchObject({ parentId: first.commentId, liked: false, hidden: false });

    // The inbox filter: comments only, conversations only.
    const ids = async (kind: string) =>
      (await api<IssuePage>('GET', `/issues?kind=${kind}&channel=${fb.id}`)).body.items.map((i) => i.id);
    expect(await ids('comment')).toContain(first.issueId);
    expect(await ids('conversation')).not.toContain(first.issueId);
  });

  it('keeps a Messenger chat and a comment thread of the same person apart', async () => {
    const post = h.sim.comments.publish(fb.accountId);
    const psid = user();
    const c = await comment(fb.accountId, psid, post.postId, 'how much?');
    const chat = await h.sim.messenger.text(fb.pageId, psid, 'hello from the chat');
    const stored = await storedMessage(h.t, fb.id, String(chat.body.entry[0]!.messaging[0]!.message!.mid));
    expect(stored.issueId).not.toBe(c.issueId);
    const [row] = await h.t.db.orm.select().from(issues).where(eq(issues.id, stored.issueId));
    expect(row!.kind).toBe('conversation');
  });

  it('stores Instagram comments (feed and live) and ignores a redelivery', async () => {
    const media = h.sim.comments.publish(ig.accountId, { text: 'Reel' });
    const c = await comment(ig.accountId, user(), media.postId, 'ราคาเท่าไหร่คะ');
    const detail = (await api<IssueDetail>('GET', `/issues/${c.issueId}`)).body;
    expect(detail).toMatchObject({ kind: 'comment', channel: { type: 'instagram' } });
    h.sim.meta.duplicateDeliveries(2);
    const again = await comment(ig.accountId, user(), media.postId, 'CF');
    h.sim.meta.duplicateDeliveries(1);
    await new Promise((r) => setTimeout(r, 300));
    const rows = await h.t.db.orm
      .select()
      .from(messages)
      .where(and(eq(messages.channelId, ig.id), eq(messages.providerMessageId, again.commentId)));
    expect(rows).toHaveLength(1);
  });
});

describe('acting on comments', () => {
  it('replies publicly under the comment, and takes the echo as the same reply', async () => {
    const post = h.sim.comments.publish(fb.accountId);
    const c = await comment(fb.accountId, user(), post.postId, 'do you ship to Chiang Mai?');
    const sent = await api<Message>('POST', `/issues/${c.issueId}/messages`, {
      text: 'Yes, 2 days by Kerry',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'comment', comment: { parentId: c.commentId } });
    await eventually(async () => h.sim.comments.commentState(c.commentId).replies.length === 1);
    expect(h.sim.comments.commentState(c.commentId).replies[0]!.message).toBe('Yes, 2 days by Kerry');
    const delivered = await eventually(async () => {
      const m = (await thread(c.issueId)).find((x) => x.id === sent.body.id);
      return m?.deliveryStatus === 'sent' ? m : null;
    });
    expect(delivered.comment!.commentId).toBe(h.sim.comments.commentState(c.commentId).replies[0]!.id);
    // The page's echo of the same reply is not stored twice.
    await new Promise((r) => setTimeout(r, 500));
    expect((await thread(c.issueId)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
    // A reply to a comment is text only.
    const sticker = await api('POST', `/issues/${c.issueId}/messages`, {
      text: 'hi',
      quickReplies: [{ type: 'postback', label: 'Yes' }],
    });
    expect(sticker.status).toBe(400);
    expect(sticker.body.error!.code).toBe('message.comment_text_only');
  });

  it('likes, hides and deletes on the platform, and refuses what the platform cannot do', async () => {
    const post = h.sim.comments.publish(fb.accountId);
    const c = await comment(fb.accountId, user(), post.postId, 'spam spam');
    const act = (messageId: number, action: string) =>
      api<Message>('POST', `/messages/${messageId}/comment-action`, { action });
    expect((await act(c.id, 'like')).body.comment).toMatchObject({ liked: true });
    expect(h.sim.comments.commentState(c.commentId).liked).toBe(true);
    expect((await act(c.id, 'hide')).body.comment).toMatchObject({ hidden: true });
    expect(h.sim.comments.commentState(c.commentId).hidden).toBe(true);
    expect((await act(c.id, 'delete')).body.comment).toMatchObject({ deleted: true });
    expect(h.sim.comments.commentState(c.commentId).deleted).toBe(true);
    const again = await act(c.id, 'unhide');
    expect(again.status).toBe(409);
    expect(again.body.error!.code).toBe('comment.deleted');

    const media = h.sim.comments.publish(ig.accountId);
    const onIg = await comment(ig.accountId, user(), media.postId, 'nice');
    const like = await act(onIg.id, 'like');
    expect(like.status).toBe(400);
    expect(like.body.error!.code).toBe('comment.like_facebook_only');
    expect((await act(onIg.id, 'hide')).body.comment).toMatchObject({ hidden: true });

    // Not a comment, and another organisation's view of it.
    const chat = await h.sim.messenger.text(fb.pageId, user(), 'a chat message');
    const chatRow = await storedMessage(h.t, fb.id, String(chat.body.entry[0]!.messaging[0]!.message!.mid));
    expect((await act(chatRow.id, 'like')).body.error!.code).toBe('comment.not_a_comment');
    expect((await act(c.id, 'explode')).status).toBe(400);
  });

  it('sends one private reply into the commenter’s chat, linked both ways, within 7 days only', async () => {
    const post = h.sim.comments.publish(fb.accountId);
    const psid = user();
    const c = await comment(fb.accountId, psid, post.postId, 'ราคาส่งเท่าไหร่');
    const reply = await api<Message>('POST', `/messages/${c.id}/private-reply`, {
      text: 'ส่งราคาให้ทางแชทนะคะ',
    });
    expect(reply.status).toBe(202);
    expect(reply.body.comment!.privateReply).toMatchObject({ status: 'pending' });
    const sent = await eventually(async () => {
      const m = await commentIn(c.issueId, c.commentId);
      return m?.comment?.privateReply?.status === 'sent' ? m.comment.privateReply : null;
    });
    expect(sent.issueId).not.toBe(c.issueId);
    const chat = await thread(sent.issueId!);
    expect(chat[0]).toMatchObject({
      text: 'ส่งราคาให้ทางแชทนะคะ',
      direction: 'outbound',
      fromComment: { issueId: c.issueId, commentId: c.commentId },
    });
    expect(h.sim.comments.commentState(c.commentId).privateReplies).toBe(1);
    // Meta allows one per comment.
    const twice = await api('POST', `/messages/${c.id}/private-reply`, { text: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error!.code).toBe('comment.private_reply_sent');
    // The customer's answer continues that chat.
    const answer = await h.sim.messenger.text(fb.pageId, psid, 'ขอบคุณค่ะ');
    const stored = await storedMessage(h.t, fb.id, String(answer.body.entry[0]!.messaging[0]!.message!.mid));
    expect(stored.issueId).toBe(sent.issueId);
    expect((await thread(sent.issueId!)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
  });

  it('refuses a private reply 7 days after the comment', async () => {
    const post = h.sim.comments.publish(fb.accountId);
    const c = await comment(fb.accountId, user(), post.postId, 'old question');
    const eightDays = 8 * 24 * 3600 * 1000;
    h.t.clock.advance(eightDays);
    try {
      const late = await call(h.t.app, 'POST', `/api/v1/messages/${c.id}/private-reply`, {
        token: await h.signInAdmin(),
        body: { text: 'sorry for the wait' },
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('comment.private_reply_expired');
    } finally {
      h.t.clock.advance(-eightDays);
    }
  });
});

describe('comment rules and order lists', () => {
  it('answers a keyword once per commenter per post, privately and with a public note', async () => {
    const category = await api<{ id: string }>('POST', '/canned-categories', { name: `Comments ${user()}` });
    const canned = await api<{ id: string }>('POST', '/canned-responses', {
      categoryId: category.body.id,
      name: `Price ${user()}`,
      message: 'ราคา 590 บาทค่ะ ส่งฟรี',
    });
    const saved = await api<CommentRule[]>('PUT', `/channels/${fb.id}/comment-rules`, {
      rules: [{ keywords: ['CF', 'สนใจ'], cannedResponseId: canned.body.id, publicReply: 'ส่งข้อความให้แล้วค่ะ' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject([{ keywords: ['CF', 'สนใจ'], isActive: true }]);

    const post = h.sim.comments.publish(fb.accountId);
    const buyer = user();
    const first = await comment(fb.accountId, buyer, post.postId, 'CF 1 ตัวค่ะ');
    await eventually(
      async () => (await commentIn(first.issueId, first.commentId))?.comment?.privateReply?.status === 'sent',
    );
    await eventually(async () => h.sim.comments.commentState(first.commentId).replies.length === 1);
    expect(h.sim.comments.commentState(first.commentId).replies[0]!.message).toBe('ส่งข้อความให้แล้วค่ะ');
    // The same commenter again on the same post: no second answer. On another post: answered again.
    const second = await comment(fb.accountId, buyer, post.postId, 'สนใจอีกตัว');
    const otherPost = h.sim.comments.publish(fb.accountId);
    const third = await comment(fb.accountId, buyer, otherPost.postId, 'CF');
    await eventually(
      async () => (await commentIn(third.issueId, third.commentId))?.comment?.privateReply?.status === 'sent',
    );
    expect((await commentIn(second.issueId, second.commentId))!.comment!.privateReply).toBeNull();
    expect(h.sim.comments.commentState(second.commentId).privateReplies).toBe(0);
    // No keyword, no answer.
    const plain = await comment(fb.accountId, user(), post.postId, 'สวยมาก');
    expect((await commentIn(plain.issueId, plain.commentId))!.comment!.privateReply).toBeNull();

    // Rules are channel settings: a staff member may not read them; a LINE channel has none.
    const refused = await api('PUT', `/channels/${fb.id}/comment-rules`, {
      rules: [{ keywords: ['x'], cannedResponseId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.code).toBe('canned.not_found');
    expect((await api('PUT', `/channels/${fb.id}/comment-rules`, { rules: [] })).status).toBe(200);
  });

  it('collects the order comments of a live-commerce post and exports them', async () => {
    const post = h.sim.comments.publish(fb.accountId, { text: 'LIVE sale' });
    const starter = await comment(fb.accountId, user(), post.postId, 'hello');
    const detail = (await api<IssueDetail>('GET', `/issues/${starter.issueId}`)).body;
    const updated = await api<SocialPost>('PATCH', `/posts/${detail.postId}`, {
      collectsOrders: true,
      orderKeywords: ['CF', 'เอา'],
    });
    expect(updated.body).toMatchObject({ collectsOrders: true, orderKeywords: ['CF', 'เอา'] });
    const a = await comment(fb.accountId, user(), post.postId, 'CF2');
    await comment(fb.accountId, user(), post.postId, 'cfo? no');
    const b = await comment(fb.accountId, user(), post.postId, 'เอาสีแดงค่ะ');
    const orders = (await api<PostOrderList>('GET', `/posts/${detail.postId}/orders`)).body;
    expect(orders.items.map((o) => o.commentId)).toEqual([a.commentId, b.commentId]);
    expect(orders.items[1]).toMatchObject({ text: 'เอาสีแดงค่ะ', issueId: b.issueId });

    const csv = await call(
      h.t.app,
      'GET',
      `/api/v1/posts/${detail.postId}/orders/export?format=csv&lang=th`,
      {
        token: h.admin,
      },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('ความคิดเห็น');
    expect(lines[2]).toContain('เอาสีแดงค่ะ');
    const xlsx = await call(h.t.app, 'GET', `/api/v1/posts/${detail.postId}/orders/export?format=xlsx`, {
      token: h.admin,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The customer removing their comment takes it off the list.
    await h.sim.comments.removeComment(fb.accountId, a.commentId);
    await eventually(
      async () => (await api<PostOrderList>('GET', `/posts/${detail.postId}/orders`)).body.total === 1,
    );
    // Another organisation's post is not found.
    expect((await api('GET', `/posts/00000000-0000-4000-8000-000000000000/orders`)).status).toBe(404);
  });
});
