// Comment changes in Meta webhooks (docs/channels.md "Comments"): Facebook `feed`, Instagram `comments` and
// `live_comments`, as the parser turns them into product events.
import { describe, expect, it } from 'vitest';
import { parseMetaWebhook } from './parse';

const PAGE = '100000000000001';
const IG = '17840000000000001';

const feed = (value: Record<string, unknown>, time = 1_795_000_000) => ({
  object: 'page',
  entry: [{ id: PAGE, time, changes: [{ field: 'feed', value }] }],
});

describe('comment webhooks', () => {
  it('reads a Facebook comment, its post, its parent and its time in seconds', () => {
    const [event] = parseMetaWebhook(
      feed({
        item: 'comment',
        verb: 'add',
        comment_id: `${PAGE}_1_2`,
        post_id: `${PAGE}_1`,
        parent_id: `${PAGE}_1`,
        from: { id: '6100000000001', name: 'Ploy' },
        message: 'CF 2 ตัวค่ะ',
        created_time: 1_795_000_100,
        photo: 'https://cdn.example/p.jpg',
      }),
    );
    expect(event).toEqual({
      type: 'comment',
      accountId: PAGE,
      externalUserId: '6100000000001',
      authorName: 'Ploy',
      timestamp: new Date(1_795_000_100_000),
      verb: 'add',
      commentId: `${PAGE}_1_2`,
      postId: `${PAGE}_1`,
      parentId: null,
      text: 'CF 2 ตัวค่ะ',
      photoUrl: 'https://cdn.example/p.jpg',
      isOwn: false,
      isLive: false,
    });
  });

  it('names the comment answered, marks the Page’s own comments, and reads the other verbs', () => {
    const [reply] = parseMetaWebhook(
      feed({
        item: 'comment',
        verb: 'add',
        comment_id: `${PAGE}_1_3`,
        post_id: `${PAGE}_1`,
        parent_id: `${PAGE}_1_2`,
        from: { id: PAGE, name: 'Shop' },
        message: 'ส่งข้อความให้แล้วค่ะ',
        created_time: 1_795_000_200,
      }),
    );
    expect(reply).toMatchObject({ parentId: `${PAGE}_1_2`, isOwn: true });
    for (const verb of ['edited', 'remove', 'hide', 'unhide'])
      expect(
        parseMetaWebhook(
          feed({ item: 'comment', verb, comment_id: 'c', post_id: 'p', from: { id: 'u' }, created_time: 1 }),
        )[0],
      ).toMatchObject({ verb, commentId: 'c', authorName: 'u' });
  });

  it('ignores feed items that are not comments and malformed changes', () => {
    expect(parseMetaWebhook(feed({ item: 'reaction', verb: 'add', post_id: 'p' }))).toEqual([]);
    expect(parseMetaWebhook(feed({ item: 'comment', verb: 'add' }))).toEqual([]);
  });

  it('reads Instagram comments and live comments, with the entry time in seconds', () => {
    const body = (field: string) => ({
      object: 'instagram',
      entry: [
        {
          id: IG,
          time: 1_795_000_300,
          changes: [
            {
              field,
              value: {
                id: '18000000000000001',
                text: 'สนใจค่ะ',
                from: { id: '9000000000000001', username: 'ploy.shop' },
                media: {
                  id: '17900000000000001',
                  media_product_type: field === 'live_comments' ? 'LIVE' : 'FEED',
                },
              },
            },
          ],
        },
      ],
    });
    expect(parseMetaWebhook(body('comments'))[0]).toMatchObject({
      accountId: IG,
      externalUserId: '9000000000000001',
      authorName: 'ploy.shop',
      postId: '17900000000000001',
      parentId: null,
      timestamp: new Date(1_795_000_300_000),
      isLive: false,
    });
    expect(parseMetaWebhook(body('live_comments'))[0]).toMatchObject({ isLive: true });
  });
});
