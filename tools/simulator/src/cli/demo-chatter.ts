// `--demo`: a few customers keep writing every few seconds so a newcomer sees a live inbox.
import type { AdminClient } from '../admin/client';
import type { DeliveryRecord } from '../core/records';
import { DEMO_CUSTOMERS } from './demo-data';
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

/** Runs until `signal` aborts: each tick one customer says the next line of their script. */
export async function runDemoChatter(client: AdminClient, options: ChatterOptions): Promise<void> {
  const progress = new Map<DemoCustomer, number>();
  const label = { line: 'LINE     ', messenger: 'Messenger', instagram: 'Instagram' } as const;
  while (!options.signal.aborted) {
    const customer = DEMO_CUSTOMERS[Math.floor(Math.random() * DEMO_CUSTOMERS.length)];
    if (!customer) continue;
    const step = progress.get(customer) ?? 0;
    const line = customer.script[step % customer.script.length];
    progress.set(customer, step + 1);
    if (line) {
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
