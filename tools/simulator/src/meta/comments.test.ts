import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminClient } from '../admin/client';
import { META, graphApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';
import type { ReceivedRequest } from '../test-support/webhook-receiver';
import type { MetaChangesWebhookBody, MetaWebhookBody } from './types';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 27, 10);
// A frozen base clock: only advance() moves time, so created_time and the 7-day limit are exact.
const frozen = { now: () => T0 };

function signatureOf(raw: Buffer | string): string {
  return `sha256=${createHmac('sha256', META.appSecret).update(raw).digest('hex')}`;
}

function changesOf(request: ReceivedRequest | undefined): MetaChangesWebhookBody {
  return JSON.parse(request?.rawBody.toString('utf8') ?? '') as MetaChangesWebhookBody;
}

async function errorOf(response: Response): Promise<unknown> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: unknown }).error;
}

const unsupported = (method: 'get' | 'post' | 'delete', id: string) => ({
  message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  type: 'GraphMethodException',
  code: 100,
  error_subcode: 33,
  fbtrace_id: expect.any(String),
});

/** Graph call with any method; the token in the query like the server does. */
function graph(
  harness: Harness,
  method: string,
  path: string,
  body?: unknown,
  token: string = META.pageToken,
): Promise<Response> {
  const url = new URL(`${harness.sim.url}/v25.0${path}`);
  url.searchParams.set('access_token', token);
  return fetch(url, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

const privateReply = (commentId: string, text: string, extra: Record<string, unknown> = {}) => ({
  recipient: { comment_id: commentId },
  message: { text },
  ...extra,
});

let harness: Harness;
afterEach(() => harness.close());

describe('Facebook Page comments (feed webhooks)', () => {
  it('sends a signed feed change for a comment, with the post and the photo', async () => {
    harness = await startHarness(frozen);
    const { sim, receiver } = harness;
    receiver.respondWith((request) => ({
      status: request.headers['x-hub-signature-256'] === signatureOf(request.rawBody) ? 200 : 403,
    }));
    const post = sim.comments.publish(META.pageId, { text: 'New arrivals' });
    expect(post.postId).toMatch(new RegExp(`^${META.pageId}_\\d{15}$`));
    const objectId = post.postId.split('_')[1] ?? '';
    expect(post.permalink).toBe(`https://www.facebook.com/${META.pageId}/posts/${objectId}`);

    const { commentId, delivery } = await sim.comments.comment(
      META.pageId,
      META.psid,
      post.postId,
      'ราคาเท่าไหร่คะ / price?',
      { photo: true },
    );
    expect(delivery).toMatchObject({ ok: true, status: 200, kind: 'events' });
    expect(commentId).toMatch(new RegExp(`^${objectId}_\\d+$`));
    const [request] = receiver.requests;
    expect(request?.headers['x-hub-signature-256']).toBe(signatureOf(request?.rawBody ?? ''));
    // Serialised the Meta way: non-ASCII and `/` escaped.
    expect(request?.rawBody.toString()).toContain('\\u0e23');
    const body = changesOf(request);
    expect(body).toEqual({
      object: 'page',
      entry: [
        {
          id: META.pageId,
          time: T0,
          changes: [
            {
              field: 'feed',
              value: {
                item: 'comment',
                verb: 'add',
                comment_id: commentId,
                post_id: post.postId,
                parent_id: post.postId,
                from: { id: META.psid, name: 'Somchai Jaidee' },
                message: 'ราคาเท่าไหร่คะ / price?',
                created_time: T0 / 1000,
                post: {
                  id: post.postId,
                  status_type: 'added_photos',
                  is_published: true,
                  updated_time: '2026-11-27T10:00:00+0000',
                  permalink_url: post.permalink,
                },
                photo: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/__cdn\//),
              },
            },
          ],
        },
      ],
    });
    const photo = body.entry[0]?.changes[0]?.value as { photo: string };
    expect((await fetch(photo.photo)).headers.get('content-type')).toBe('image/png');
  });

  it('registers an unknown commenter under the given name, and nests replies under their parent', async () => {
    harness = await startHarness(frozen);
    const { sim } = harness;
    const { postId } = sim.comments.publish(META.pageId, { withPicture: false });
    const first = await sim.comments.comment(META.pageId, '2400000000000077', postId, 'Still available?', {
      name: 'Nok Lek',
    });
    const reply = await sim.comments.comment(META.pageId, META.psid, postId, 'Me too', {
      parentId: first.commentId,
      name: 'Chai',
    });
    const value = (d: { body: MetaChangesWebhookBody }) => d.body.entry[0]?.changes[0]?.value;
    expect(value(first.delivery)).toMatchObject({
      from: { id: '2400000000000077', name: 'Nok Lek' },
      parent_id: postId,
      post: { status_type: 'mobile_status_update' },
    });
    expect(value(first.delivery)).not.toHaveProperty('photo');
    expect(value(reply.delivery)).toMatchObject({
      from: { id: META.psid, name: 'Chai' },
      parent_id: first.commentId,
    });
    expect(sim.describe().meta.pages).toHaveLength(1);
    // The new commenter is a Messenger user of the Page now: a private reply reaches them.
    const sent = await graphApi(sim, '/me/messages', privateReply(first.commentId, 'DM for you'));
    expect(await sent.json()).toMatchObject({ recipient_id: '2400000000000077' });
    await expect(sim.comments.comment(META.pageId, META.psid, 'nope', 'x')).rejects.toMatchObject({
      code: 'unknown_post',
    });
  });

  it('echoes the Page’s public reply as a feed change from the Page', async () => {
    harness = await startHarness(frozen);
    const { sim, receiver } = harness;
    const { postId } = sim.comments.publish(META.pageId);
    const { commentId } = await sim.comments.comment(META.pageId, META.psid, postId, 'Size M?');
    const form = new URLSearchParams({ message: 'Yes, we have M!', access_token: META.pageToken });
    const response = await fetch(`${sim.url}/v25.0/${commentId}/comments`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(new RegExp(`^${postId.split('_')[1]}_\\d+$`));

    const [, echoRequest] = await receiver.waitForRequests(2);
    expect(changesOf(echoRequest).entry[0]?.changes).toEqual([
      {
        field: 'feed',
        value: expect.objectContaining({
          item: 'comment',
          verb: 'add',
          comment_id: id,
          post_id: postId,
          parent_id: commentId,
          from: { id: META.pageId, name: 'Test Page' },
          message: 'Yes, we have M!',
        }),
      },
    ]);
    expect(sim.deliveries({ kind: 'echo' })).toHaveLength(1);
    expect(sim.comments.commentState(commentId).replies).toEqual([{ id, message: 'Yes, we have M!' }]);
    expect(
      await errorOf(await graph(harness, 'POST', `/${commentId}/comments`, { message: '  ' })),
    ).toMatchObject({ code: 100 });
  });

  it('sends a remove change when the author deletes their comment', async () => {
    harness = await startHarness(frozen);
    const { sim } = harness;
    const { postId } = sim.comments.publish(META.pageId);
    const { commentId } = await sim.comments.comment(META.pageId, META.psid, postId, 'oops');
    sim.advance(60_000);
    const removed = await sim.comments.removeComment(META.pageId, commentId);
    expect(removed?.body.entry[0]?.changes).toEqual([
      {
        field: 'feed',
        value: {
          item: 'comment',
          verb: 'remove',
          comment_id: commentId,
          post_id: postId,
          parent_id: postId,
          from: { id: META.psid, name: 'Somchai Jaidee' },
          created_time: (T0 + 60_000) / 1000,
        },
      },
    ]);
    expect(sim.comments.commentState(commentId).deleted).toBe(true);
  });
});

describe('Instagram comments', () => {
  it('sends comments and live_comments changes; replies carry parent_id', async () => {
    harness = await startHarness(frozen);
    const { sim, receiver } = harness;
    const media = sim.comments.publish(META.igId, { text: 'Summer drop' });
    expect(media.postId).toMatch(/^\d{17,18}$/);
    const first = await sim.comments.comment(META.igId, META.igsid, media.postId, 'สวยมากค่ะ');
    const reply = await sim.comments.comment(
      META.igId,
      '3500000000000099',
      media.postId,
      '@ploy.style same',
      {
        parentId: first.commentId,
        name: 'mint.k',
      },
    );
    const live = sim.comments.publish(META.igId, { live: true });
    const onLive = await sim.comments.comment(META.igId, META.igsid, live.postId, 'Hello from the live!');

    const bodies = receiver.requests.map(changesOf);
    expect(bodies[0]).toEqual({
      object: 'instagram',
      entry: [
        {
          id: META.igId,
          time: T0,
          changes: [
            {
              field: 'comments',
              value: {
                id: first.commentId,
                text: 'สวยมากค่ะ',
                from: { id: META.igsid, username: 'ploy.style' },
                media: { id: media.postId, media_product_type: 'FEED' },
              },
            },
          ],
        },
      ],
    });
    expect(bodies[1]?.entry[0]?.changes[0]).toEqual({
      field: 'comments',
      value: {
        id: reply.commentId,
        text: '@ploy.style same',
        from: { id: '3500000000000099', username: 'mint.k' },
        media: { id: media.postId, media_product_type: 'FEED' },
        parent_id: first.commentId,
      },
    });
    expect(bodies[2]?.entry[0]?.changes[0]).toEqual({
      field: 'live_comments',
      value: {
        id: onLive.commentId,
        text: 'Hello from the live!',
        from: { id: META.igsid, username: 'ploy.style' },
        media: { id: live.postId, media_product_type: 'LIVE' },
      },
    });
    await expect(
      sim.comments.comment(META.igId, META.igsid, media.postId, 'pic', { photo: true }),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('replies publicly without any webhook, and the author’s removal sends none either', async () => {
    harness = await startHarness(frozen);
    const { sim, receiver } = harness;
    const { postId } = sim.comments.publish(META.igId);
    const { commentId } = await sim.comments.comment(META.igId, META.igsid, postId, 'How much?');
    const response = await graph(
      harness,
      'POST',
      `/${commentId}/replies`,
      { message: '฿590 ค่ะ' },
      META.igToken,
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^\d{17}$/);
    // Also with the linked Page's token.
    expect((await graph(harness, 'POST', `/${commentId}/replies`, { message: 'DM us' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.requests).toHaveLength(1);
    expect(sim.comments.commentState(commentId).replies.map((r) => r.message)).toEqual(['฿590 ค่ะ', 'DM us']);
    // Facebook's edge does not exist on Instagram comments, and the reverse.
    expect(await errorOf(await graph(harness, 'POST', `/${commentId}/comments`, { message: 'x' }))).toEqual(
      unsupported('post', commentId),
    );
    expect(await sim.comments.removeComment(META.igId, commentId)).toBeNull();
    expect(receiver.requests).toHaveLength(1);
    expect(sim.comments.commentState(commentId).deleted).toBe(true);
  });
});

describe('Graph actions on comments', () => {
  it('likes, unlikes, hides, shows and deletes a Facebook comment', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const { postId } = sim.comments.publish(META.pageId);
    const { commentId } = await sim.comments.comment(META.pageId, META.psid, postId, 'Nice');
    const ok = async (response: Response) => {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
    };
    await ok(await graph(harness, 'POST', `/${commentId}/likes`));
    expect(sim.comments.commentState(commentId)).toMatchObject({ liked: true, hidden: false });
    await ok(await graph(harness, 'DELETE', `/${commentId}/likes`));
    expect(sim.comments.commentState(commentId).liked).toBe(false);
    await ok(await graph(harness, 'POST', `/${commentId}`, { is_hidden: true }));
    expect(sim.comments.commentState(commentId).hidden).toBe(true);
    const form = new URLSearchParams({ is_hidden: 'false' });
    await ok(
      await fetch(`${sim.url}/v25.0/${commentId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${META.pageToken}` },
        body: form,
      }),
    );
    expect(sim.comments.commentState(commentId).hidden).toBe(false);
    expect(await errorOf(await graph(harness, 'POST', `/${commentId}`, { hide: true }))).toMatchObject({
      code: 100,
    });
    // Another account's token cannot touch it; a bad token is 190.
    expect(
      await errorOf(await graph(harness, 'POST', `/${commentId}/likes`, undefined, META.igToken)),
    ).toEqual(unsupported('post', commentId));
    expect(
      await errorOf(await graph(harness, 'POST', `/${commentId}/likes`, undefined, 'bad')),
    ).toMatchObject({
      code: 190,
    });

    await ok(await graph(harness, 'DELETE', `/${commentId}`));
    expect(sim.comments.commentState(commentId)).toEqual({
      hidden: false,
      liked: false,
      deleted: true,
      replies: [],
      privateReplies: 0,
    });
    expect(await errorOf(await graph(harness, 'POST', `/${commentId}/likes`))).toEqual(
      unsupported('post', commentId),
    );
    expect(await errorOf(await graph(harness, 'DELETE', `/${commentId}`))).toEqual(
      unsupported('delete', commentId),
    );
    expect(await errorOf(await graph(harness, 'POST', `/${commentId}/comments`, { message: 'hi' }))).toEqual(
      unsupported('post', commentId),
    );
  });

  it('hides an Instagram comment with `hide`, and has no likes there', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const { postId } = sim.comments.publish(META.igId);
    const { commentId } = await sim.comments.comment(META.igId, META.igsid, postId, 'spam spam');
    const hidden = await graph(harness, 'POST', `/${commentId}`, { hide: true }, META.igToken);
    expect(await hidden.json()).toEqual({ success: true });
    expect(sim.comments.commentState(commentId).hidden).toBe(true);
    expect(
      await errorOf(await graph(harness, 'POST', `/${commentId}`, { is_hidden: true }, META.igToken)),
    ).toMatchObject({ code: 100 });
    expect(
      await errorOf(await graph(harness, 'POST', `/${commentId}/likes`, undefined, META.igToken)),
    ).toEqual(unsupported('post', commentId));
    expect(sim.comments.commentState(commentId).liked).toBe(false);
    expect((await graph(harness, 'DELETE', `/${commentId}`, undefined, META.igToken)).status).toBe(200);
    expect(sim.comments.commentState(commentId).deleted).toBe(true);
  });

  it('answers unknown ids with 100 on every comment endpoint', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const id = '987654321012345_123456789012345';
    for (const [method, path, body, verb] of [
      ['POST', `/${id}/comments`, { message: 'x' }, 'post'],
      ['POST', `/${id}/replies`, { message: 'x' }, 'post'],
      ['POST', `/${id}/likes`, undefined, 'post'],
      ['DELETE', `/${id}/likes`, undefined, 'delete'],
      ['POST', `/${id}`, { is_hidden: true }, 'post'],
      ['DELETE', `/${id}`, undefined, 'delete'],
      ['GET', `/${id}?fields=message`, undefined, 'get'],
    ] as const) {
      expect(await errorOf(await graph(harness, method, path, body))).toEqual(unsupported(verb, id));
    }
    const reply = await graphApi(sim, '/me/messages', privateReply(id, 'hi'));
    expect(await errorOf(reply)).toEqual(unsupported('post', id));
    expect(() => sim.comments.commentState(id)).toThrow(/no comment/);
  });
});

describe('Post and media previews', () => {
  it('returns the requested Facebook post fields and a picture that does not expire', async () => {
    harness = await startHarness(frozen);
    const { sim } = harness;
    const post = sim.comments.publish(META.pageId, { text: 'Weekend sale' });
    const response = await graphApi(
      sim,
      `/${post.postId}?fields=message,full_picture,permalink_url,created_time`,
    );
    expect(await response.json()).toEqual({
      message: 'Weekend sale',
      full_picture: post.pictureUrl,
      permalink_url: post.permalink,
      created_time: '2026-11-27T10:00:00+0000',
      id: post.postId,
    });
    expect(post.pictureUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__cdn\/[^?]+$/);
    sim.advance(90 * DAY);
    const picture = await fetch(post.pictureUrl ?? '');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(await (await graphApi(sim, `/${post.postId}?fields=message`)).json()).toEqual({
      message: 'Weekend sale',
      id: post.postId,
    });
    expect(await errorOf(await graphApi(sim, `/${post.postId}?fields=message,likes_total`))).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (likes_total) on node type (Post)',
    });
    const bare = sim.comments.publish(META.pageId, { withPicture: false });
    expect(bare.pictureUrl).toBeNull();
    expect(await (await graphApi(sim, `/${bare.postId}?fields=full_picture`)).json()).toEqual({
      id: bare.postId,
    });
  });

  it('returns the requested Instagram media fields', async () => {
    harness = await startHarness(frozen);
    const { sim } = harness;
    const media = sim.comments.publish(META.igId, { text: 'New in ✨' });
    const fields = 'caption,media_url,permalink,thumbnail_url,media_type,timestamp';
    const response = await graphApi(sim, `/${media.postId}?fields=${fields}`, undefined, META.igToken);
    expect(await response.json()).toEqual({
      caption: 'New in ✨',
      media_url: media.pictureUrl,
      permalink: media.permalink,
      media_type: 'IMAGE',
      timestamp: '2026-11-27T10:00:00+0000',
      id: media.postId,
    });
    expect(media.permalink).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]{11}\/$/);
    const live = sim.comments.publish(META.igId, { live: true });
    expect(await (await graphApi(sim, `/${live.postId}?fields=${fields}`)).json()).toMatchObject({
      thumbnail_url: live.pictureUrl,
      media_type: 'VIDEO',
    });
    expect(
      await errorOf(await graphApi(sim, `/${media.postId}?fields=caption`, undefined, 'other-token')),
    ).toMatchObject({ code: 190 });
  });
});

describe('Private replies (Send API with recipient.comment_id)', () => {
  it('sends one private reply to the commenter, records and echoes it, and opens no window', async () => {
    harness = await startHarness(frozen);
    const { sim, receiver } = harness;
    const { postId } = sim.comments.publish(META.pageId);
    const { commentId } = await sim.comments.comment(META.pageId, META.psid, postId, 'Price please');
    const response = await graphApi(
      sim,
      `/${META.pageId}/messages`,
      privateReply(commentId, 'Hi! It is ฿590.', { message: { text: 'Hi! It is ฿590.', metadata: 'pr-1' } }),
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { recipient_id: string; message_id: string };
    expect(answer).toEqual({ recipient_id: META.psid, message_id: expect.stringMatching(/^m_/) });
    expect(sim.outbox(META.pageId, META.psid)).toEqual([
      expect.objectContaining({
        platform: 'messenger',
        via: 'send_api',
        messageId: answer.message_id,
        commentId,
        messagingType: 'RESPONSE',
        message: { text: 'Hi! It is ฿590.', metadata: 'pr-1' },
      }),
    ]);
    const [, echo] = await receiver.waitForRequests(2);
    const echoBody = JSON.parse(echo?.rawBody.toString() ?? '') as MetaWebhookBody;
    expect(echoBody.entry[0]?.messaging[0]).toEqual({
      sender: { id: META.pageId },
      recipient: { id: META.psid },
      timestamp: T0,
      message: {
        mid: answer.message_id,
        is_echo: true,
        app_id: Number(META.appId),
        metadata: 'pr-1',
        text: 'Hi! It is ฿590.',
      },
    });

    expect(await errorOf(await graphApi(sim, '/me/messages', privateReply(commentId, 'again')))).toEqual({
      message: '(#10900) Activity already replied to',
      type: 'OAuthException',
      code: 10900,
      fbtrace_id: expect.any(String),
    });
    expect(sim.comments.commentState(commentId).privateReplies).toBe(1);
    // The person never wrote: an ordinary RESPONSE message is still outside the window.
    const ordinary = { recipient: { id: META.psid }, messaging_type: 'RESPONSE', message: { text: 'hi' } };
    expect(await errorOf(await graphApi(sim, '/me/messages', ordinary))).toMatchObject({
      code: 10,
      error_subcode: 2018278,
    });
    await sim.messenger.text(META.pageId, META.psid, 'Thanks!');
    expect((await graphApi(sim, '/me/messages', ordinary)).status).toBe(200);
  });

  it('reaches Instagram commenters with the account’s or the Page’s token, within the usual limits', async () => {
    harness = await startHarness(frozen);
    const { sim } = harness;
    const { postId } = sim.comments.publish(META.igId);
    const first = await sim.comments.comment(META.igId, META.igsid, postId, 'link?');
    const second = await sim.comments.comment(META.igId, META.igsid, postId, 'and the size chart?');
    const viaIg = await graphApi(
      sim,
      `/${META.igId}/messages`,
      privateReply(first.commentId, 'Here'),
      META.igToken,
    );
    expect(await viaIg.json()).toEqual({
      recipient_id: META.igsid,
      message_id: expect.stringMatching(/^aWdf/),
    });
    const thai = 'ก'; // 3 bytes in UTF-8
    const tooLong = await graphApi(sim, '/me/messages', privateReply(second.commentId, thai.repeat(334)));
    expect(await errorOf(tooLong)).toMatchObject({ code: 100 });
    const update = privateReply(second.commentId, 'x', { messaging_type: 'UPDATE' });
    expect(await errorOf(await graphApi(sim, '/me/messages', update))).toMatchObject({ code: 100 });
    expect((await graphApi(sim, '/me/messages', privateReply(second.commentId, 'Sent!'))).status).toBe(200);
    expect(sim.outbox(META.igId).map((e) => e.commentId)).toEqual([first.commentId, second.commentId]);
    // A comment of another account is out of reach.
    const { postId: fbPost } = sim.comments.publish(META.pageId);
    const fb = await sim.comments.comment(META.pageId, META.psid, fbPost, 'hi');
    const cross = await graphApi(sim, '/me/messages', privateReply(fb.commentId, 'x'), META.igToken);
    expect(await errorOf(cross)).toEqual(unsupported('post', fb.commentId));
  });

  it('refuses after 7 days with 10 / 2018278', async () => {
    harness = await startHarness(frozen);
    const { sim } = harness;
    const { postId } = sim.comments.publish(META.pageId);
    const early = await sim.comments.comment(META.pageId, META.psid, postId, 'first');
    const late = await sim.comments.comment(META.pageId, META.psid, postId, 'second');
    sim.advance(7 * DAY);
    expect((await graphApi(sim, '/me/messages', privateReply(early.commentId, 'just in time'))).status).toBe(
      200,
    );
    sim.advance(1);
    expect(
      await errorOf(await graphApi(sim, '/me/messages', privateReply(late.commentId, 'too late'))),
    ).toEqual({
      message: '(#10) This message is sent outside of allowed window.',
      type: 'OAuthException',
      code: 10,
      error_subcode: 2018278,
      fbtrace_id: expect.any(String),
    });
    expect(sim.comments.commentState(late.commentId).privateReplies).toBe(0);
  });

  it('refuses deleted comments, whoever deleted them', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const { postId } = sim.comments.publish(META.pageId);
    const byPage = await sim.comments.comment(META.pageId, META.psid, postId, 'rude words');
    const byAuthor = await sim.comments.comment(META.pageId, META.psid, postId, 'never mind');
    expect((await graph(harness, 'DELETE', `/${byPage.commentId}`)).status).toBe(200);
    await sim.comments.removeComment(META.pageId, byAuthor.commentId);
    for (const commentId of [byPage.commentId, byAuthor.commentId]) {
      expect(await errorOf(await graphApi(sim, '/me/messages', privateReply(commentId, 'hello')))).toEqual(
        unsupported('post', commentId),
      );
    }
    expect(sim.outbox(META.pageId)).toEqual([]);
  });
});

describe('Comment bursts', () => {
  it('sends many comments quickly, one change per webhook or several per entry', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    const { postId } = sim.comments.publish(META.pageId);
    const items = Array.from({ length: 300 }, (_, i) => ({
      userId: String(2410000000000000 + (i % 40)),
      postId,
      text: `comment ${i}`,
      name: `Fan ${i % 40}`,
    }));
    const single = await sim.comments.comments(META.pageId, items);
    expect(single.commentIds).toHaveLength(300);
    expect(new Set(single.commentIds).size).toBe(300);
    expect(single.deliveries).toHaveLength(300);
    expect(single.deliveries.every((d) => d.ok && d.body.entry[0]?.changes.length === 1)).toBe(true);
    expect(receiver.requests).toHaveLength(300);
    const texts = receiver.requests.map((r) => {
      const value = changesOf(r).entry[0]?.changes[0]?.value;
      return value && 'message' in value ? value.message : undefined;
    });
    expect(new Set(texts)).toEqual(new Set(items.map((i) => i.text)));

    const grouped = await sim.comments.comments(META.pageId, items.slice(0, 120), { perWebhook: 50 });
    expect(grouped.deliveries.map((d) => d.body.entry.length)).toEqual([1, 1, 1]);
    expect(grouped.deliveries.map((d) => d.body.entry[0]?.changes.length)).toEqual([50, 50, 20]);
    expect(grouped.deliveries[0]?.body.entry[0]?.changes.map((c) => c.value)).toEqual(
      expect.arrayContaining([expect.objectContaining({ comment_id: grouped.commentIds[0] })]),
    );
    // A bad item refuses the whole burst before anything is sent.
    await expect(
      sim.comments.comments(META.pageId, [
        ...items.slice(0, 2),
        { userId: '1', postId: 'missing', text: 'x' },
      ]),
    ).rejects.toMatchObject({ code: 'unknown_post' });
    expect(receiver.requests).toHaveLength(303);
  });
});

describe('Comments through the admin API', () => {
  it('publishes, comments, removes and reads a comment’s state over HTTP', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    const admin = new AdminClient(sim.url);
    const post = await admin.publishPost(META.pageId, { text: 'Admin post' });
    expect(post.postId.startsWith(`${META.pageId}_`)).toBe(true);
    const { commentId, delivery } = await admin.comment(META.pageId, META.psid, post.postId, 'hello', {
      photo: true,
    });
    expect(delivery.body.entry[0]?.changes[0]).toMatchObject({
      field: 'feed',
      value: { comment_id: commentId, photo: expect.any(String) },
    });
    const burst = await admin.comments(META.pageId, [{ userId: META.psid, postId: post.postId, text: 'a' }], {
      perWebhook: 2,
    });
    expect(burst.commentIds).toHaveLength(1);
    expect((await graph(harness, 'POST', `/${commentId}/likes`)).status).toBe(200);
    expect(await admin.commentState(commentId)).toMatchObject({ liked: true, deleted: false });
    const removed = await admin.removeComment(META.pageId, commentId);
    expect(removed.delivery?.body.entry[0]?.changes[0]?.value).toMatchObject({ verb: 'remove' });
    expect(receiver.requests).toHaveLength(3);

    const ig = await admin.publishPost(META.igId, { live: true });
    const igComment = await admin.comment(META.igId, META.igsid, ig.postId, 'live!');
    expect(igComment.delivery.body.entry[0]?.changes[0]?.field).toBe('live_comments');
    expect((await admin.removeComment(META.igId, igComment.commentId)).delivery).toBeNull();

    await expect(admin.comment(META.pageId, META.psid, 'missing', 'x')).rejects.toMatchObject({
      status: 404,
    });
    await expect(admin.publishPost('404')).rejects.toMatchObject({ status: 404 });
    await expect(admin.commentState('404')).rejects.toMatchObject({ status: 404 });
    await expect(admin.comment(META.pageId, 'not-digits', post.postId, 'x')).rejects.toMatchObject({
      status: 400,
    });
  });
});
