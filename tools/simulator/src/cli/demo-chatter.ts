// `--demo`: a few customers keep writing every few seconds so a newcomer sees a live inbox; now and then a
// Messenger or Instagram customer comments on a demo post instead.
import type { AdminClient } from '../admin/client';
import type { DeliveryRecord } from '../core/records';
import { DEMO_COMMENTS, DEMO_CUSTOMERS, DEMO_POSTS } from './demo-data';
import type { DemoCustomer, DemoLine } from './demo-data';
import { describeDelivery, mark, quote } from './format';

export interface ChatterOptions {
  lineChannelId: string;
  pageId: string;
  igId: string;
  /** Average pause between two messages. */
  intervalMs: number;
  print(line: string): void;
  signal: AbortSignal;
}

/** Registers the demo customers on a running simulator. */
export async function registerDemoCustomers(
  client: AdminClient,
  ids: { lineChannelId: string; pageId: string; igId: string },
): Promise<void> {
  for (const customer of DEMO_CUSTOMERS) {
    if (customer.platform === 'line') {
      await client.addLineUser(ids.lineChannelId, {
        userId: customer.userId,
        displayName: customer.name,
        ...(customer.language ? { language: customer.language } : {}),
      });
    } else {
      await client.addMetaUser({
        platform: customer.platform,
        accountId: customer.platform === 'messenger' ? ids.pageId : ids.igId,
        userId: customer.userId,
        name: customer.name,
        ...(customer.firstName ? { firstName: customer.firstName } : {}),
        ...(customer.lastName ? { lastName: customer.lastName } : {}),
        ...(customer.username ? { username: customer.username } : {}),
      });
    }
  }
}

/** Share of Messenger and Instagram turns spent commenting on the demo post. */
const COMMENT_SHARE = 0.2;

/** Runs until `signal` aborts: each tick one customer says the next line of their script (or comments). */
export async function runDemoChatter(client: AdminClient, options: ChatterOptions): Promise<void> {
  const progress = new Map<DemoCustomer, number>();
  const label = { line: 'LINE     ', messenger: 'Messenger', instagram: 'Instagram' } as const;
  const posts = await publishDemoPosts(client, options);
  let comments = 0;
  while (!options.signal.aborted) {
    const customer = DEMO_CUSTOMERS[Math.floor(Math.random() * DEMO_CUSTOMERS.length)];
    if (!customer) continue;
    const step = progress.get(customer) ?? 0;
    const line = customer.script[step % customer.script.length];
    const postId = customer.platform === 'line' ? undefined : posts[customer.platform];
    if (postId && Math.random() < COMMENT_SHARE) {
      const text = DEMO_COMMENTS[comments++ % DEMO_COMMENTS.length] ?? '👍';
      const accountId = customer.platform === 'messenger' ? options.pageId : options.igId;
      try {
        const { delivery } = await client.comment(accountId, customer.userId, postId, text, {
          wait: 'first',
        });
        options.print(
          `${mark(delivery)} ${label[customer.platform]} ${customer.name} commented ${quote(text)} · ${describeDelivery(delivery)}`,
        );
      } catch (error) {
        options.print(
          `✗ ${label[customer.platform]} ${customer.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    } else if (line) {
      progress.set(customer, step + 1);
      try {
        const delivery = await say(client, options, customer, line);
        options.print(
          `${mark(delivery)} ${label[customer.platform]} ${customer.name}: ${describeLine(line)} · ${describeDelivery(delivery)}`,
        );
      } catch (error) {
        options.print(
          `✗ ${label[customer.platform]} ${customer.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const pause = options.intervalMs * (0.5 + Math.random());
    await new Promise<void>((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        options.signal.removeEventListener('abort', onAbort);
        resolve();
      }, pause);
      options.signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** One post on the Page and one on Instagram; none (no comments) when the simulator refuses them. */
async function publishDemoPosts(
  client: AdminClient,
  options: ChatterOptions,
): Promise<{ messenger?: string; instagram?: string }> {
  try {
    const page = await client.publishPost(options.pageId, { text: DEMO_POSTS.page });
    const instagram = await client.publishPost(options.igId, { text: DEMO_POSTS.instagram });
    return { messenger: page.postId, instagram: instagram.postId };
  } catch {
    return {};
  }
}

function say(
  client: AdminClient,
  options: ChatterOptions,
  customer: DemoCustomer,
  line: DemoLine,
): Promise<DeliveryRecord> {
  const wait = { wait: 'first' as const };
  const userId = customer.userId;
  if (customer.platform === 'line') {
    const channelId = options.lineChannelId;
    switch (line.kind) {
      case 'text':
      case 'story_reply':
        return client.lineEvents(channelId, [{ type: 'text', userId, text: line.text }], wait);
      case 'image':
      case 'story_mention':
        return client.lineEvents(channelId, [{ type: 'image', userId }], wait);
      case 'sticker':
        return client.lineEvents(channelId, [{ type: 'sticker', userId }], wait);
    }
  }
  if (customer.platform === 'messenger') {
    const accountId = options.pageId;
    return client.messengerEvents(
      [
        line.kind === 'text' || line.kind === 'story_reply'
          ? { type: 'text', accountId, userId, text: line.text }
          : { type: 'attachment', accountId, userId, attachmentType: 'image' },
      ],
      wait,
    );
  }
  const accountId = options.igId;
  switch (line.kind) {
    case 'text':
      return client.instagramEvents([{ type: 'text', accountId, userId, text: line.text }], wait);
    case 'story_reply':
      return client.instagramEvents([{ type: 'story_reply', accountId, userId, text: line.text }], wait);
    case 'story_mention':
      return client.instagramEvents([{ type: 'story_mention', accountId, userId }], wait);
    case 'image':
    case 'sticker':
      return client.instagramEvents(
        [{ type: 'attachment', accountId, userId, attachmentType: 'image' }],
        wait,
      );
  }
}

function describeLine(line: DemoLine): string {
  switch (line.kind) {
    case 'text':
      return quote(line.text);
    case 'story_reply':
      return `story reply ${quote(line.text)}`;
    case 'image':
      return '[image]';
    case 'sticker':
      return '[sticker]';
    case 'story_mention':
      return '[story mention]';
  }
}
