// The LINE/Meta simulator (tools/simulator) the server talks to during the journeys (PROVIDER_BASE_URL):
// Facebook Login, /me/accounts and page subscriptions land here, never on Meta.
import { AdminClient, startSimulator } from '@sabai/simulator';
import type { Simulator } from '@sabai/simulator';

/** The Meta app the server is configured with by default (apps/server config: META_APP_ID, …). */
export const META_APP = {
  appId: '100000000000000',
  appSecret: 'demo-meta-app-secret',
  verifyToken: 'demo-verify-token',
} as const;

/** A Page the Facebook Login user manages, with a linked Instagram professional account. */
export const TEST_PAGE = {
  pageId: '100000000000777',
  name: 'Test Page',
  pageToken: 'e2e-test-page-access-token',
} as const;

export const TEST_INSTAGRAM = {
  igId: '17840000000000777',
  username: 'test.page',
  token: 'e2e-test-instagram-access-token',
} as const;

/**
 * The https address the journeys' server gives customers' platforms for its files (FILES_PUBLIC_URL): LINE
 * fetches only https addresses, and the server itself is plain http on loopback.
 */
export const FILES_PUBLIC_URL = 'https://files.sabai.test';

/**
 * Starts the simulator on a free loopback port (configured once the server's address is known). It fetches
 * the files at FILES_PUBLIC_URL from `serverUrl()`, as LINE would from the public address.
 */
export function startProviderSimulator(serverUrl: () => string): Promise<Simulator> {
  return startSimulator({
    webhookTimeoutMs: 2000,
    mediaVia: (link) =>
      link.startsWith(FILES_PUBLIC_URL) ? serverUrl() + link.slice(FILES_PUBLIC_URL.length) : link,
  });
}

/**
 * Registers the demo LINE account and the Meta app (webhooks to the server under test), and the test Page
 * with its Instagram account: the demo data's LINE channel is known to LINE from the start, so a screen that
 * asks LINE about it (the dashboard's message quota) gets LINE's answer whichever journey runs first.
 */
export function configureSimulator(simulator: Simulator, serverUrl: string): void {
  simulator.addLineChannel({ ...DEMO_LINE, webhookUrl: `${serverUrl}/webhooks/line/${DEMO_LINE.channelId}` });
  simulator.addMetaApp({ ...META_APP, webhookUrl: `${serverUrl}/webhooks/meta` });
  simulator.addPage({ pageId: TEST_PAGE.pageId, name: TEST_PAGE.name, pageToken: TEST_PAGE.pageToken });
  simulator.addInstagramAccount({ ...TEST_INSTAGRAM, pageId: TEST_PAGE.pageId });
}

/** The demo organisation's LINE Official Account (apps/server seed DEMO_LINE). */
export const DEMO_LINE = {
  channelId: '1650000001',
  channelSecret: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  accessToken: 'demo-line-channel-access-token',
  botUserId: 'U0000000000000000000000000000d3e0',
} as const;

/**
 * Plays customers of the demo LINE account through the simulator's admin API: registers the account
 * (webhooks to the server under test) once, then each customer says things and the outbox shows replies.
 */
export async function demoLineCustomer(
  simulatorUrl: string,
  serverUrl: string,
  userId: string,
  name: string,
) {
  const admin = new AdminClient(simulatorUrl);
  const summary = await admin.describe();
  if (!JSON.stringify(summary).includes(DEMO_LINE.channelId)) {
    await admin.addLineChannel({
      ...DEMO_LINE,
      webhookUrl: `${serverUrl}/webhooks/line/${DEMO_LINE.channelId}`,
    });
  }
  await admin.addLineUser(DEMO_LINE.channelId, { userId, displayName: name });
  const outbox = async () =>
    (await admin.outbox(DEMO_LINE.channelId)).filter((entry) => entry.userId === userId);
  const event = (e: Record<string, unknown>, options: { heldUpMs?: number } = {}) =>
    admin.lineEvents(DEMO_LINE.channelId, [{ ...e, userId } as never], options);
  return {
    /** Writes `text`; with `heldUpMs`, the message reaches Sabai that long after the customer wrote it. */
    says: (text: string, options: { heldUpMs?: number } = {}) => event({ type: 'text', text }, options),
    /** Sends a sticker from LINE's stock (with the keywords LINE adds). */
    sendsSticker: (sticker: { packageId: string; stickerId: string; keywords: string[] }) =>
      event({ type: 'sticker', ...sticker }),
    /** Taps a postback button (a quick reply) carrying `data`. */
    taps: (data: string) => event({ type: 'postback', data }),
    /** Blocks the account (unfollow), or adds it again (follow). */
    blocks: () => event({ type: 'unfollow' }),
    addsAgain: () => event({ type: 'follow' }),
    /** Texts the account sent this customer (replies and pushes). */
    received: async () => (await outbox()).map((entry) => (entry.message as { text?: string }).text ?? ''),
    /** The message objects the account sent this customer. */
    receivedMessages: async () => (await outbox()).map((entry) => entry.message as Record<string, unknown>),
    /** What the account sent this customer, each with the media LINE fetched for it (once fetched). */
    receivedEntries: outbox,
  };
}

/**
 * A LINE group of the demo account: `members` (user id → name) are in it when the account is added, `others`
 * are users of the account who may join it later.
 */
export async function demoLineGroup(
  simulatorUrl: string,
  serverUrl: string,
  group: { chatId: string; name: string; members: Record<string, string>; others?: Record<string, string> },
) {
  await demoLineCustomer(
    simulatorUrl,
    serverUrl,
    Object.keys(group.members)[0]!,
    Object.values(group.members)[0]!,
  );
  const admin = new AdminClient(simulatorUrl);
  const users = Object.entries({ ...group.members, ...group.others });
  for (const [userId, displayName] of users.slice(1))
    await admin.addLineUser(DEMO_LINE.channelId, { userId, displayName, isFriend: false });
  await admin.addLineChat(DEMO_LINE.channelId, {
    chatId: group.chatId,
    groupName: group.name,
    memberIds: Object.keys(group.members),
  });
  const events = (actions: Array<Record<string, unknown>>) =>
    admin.lineEvents(DEMO_LINE.channelId, actions as never);
  await events([{ type: 'join', chatId: group.chatId }]);
  return {
    /** Members join the group (the account sees a memberJoined event). */
    join: (userIds: string[]) => events([{ type: 'memberJoined', chatId: group.chatId, userIds }]),
    /** A member writes in the group; `withheld` leaves their id out, as LINE does for some members. */
    says: (userId: string, text: string, withheld = false) =>
      events([{ type: 'text', userId, text, chatId: group.chatId, withholdUserId: withheld }]),
    /** Texts the account sent to the group. */
    received: async () =>
      (await admin.outbox(DEMO_LINE.channelId))
        .filter((entry) => entry.userId === group.chatId)
        .map((entry) => (entry.message as { text?: string }).text ?? ''),
  };
}

/** The demo organisation's Facebook Page (apps/server seed DEMO_PAGE_ID, DEMO_PAGE_TOKEN). */
export const DEMO_PAGE = {
  pageId: '100000000000001',
  name: 'Sabai Facebook Page',
  pageToken: 'demo-page-access-token',
} as const;

/**
 * A Messenger customer of the demo Page (registered at the simulator the first time, like the demo does):
 * they write, and read what the Page sent them.
 */
export async function demoMessengerCustomer(simulatorUrl: string, psid: string, name: string) {
  const admin = new AdminClient(simulatorUrl);
  if (!JSON.stringify(await admin.describe()).includes(DEMO_PAGE.pageId)) await admin.addPage(DEMO_PAGE);
  await admin.addMetaUser({ platform: 'messenger', accountId: DEMO_PAGE.pageId, userId: psid, name });
  const event = (e: Record<string, unknown>) =>
    admin.messengerEvents([{ ...e, accountId: DEMO_PAGE.pageId, userId: psid } as never]);
  return {
    says: (text: string) => event({ type: 'text', text }),
    /** Read receipt: everything the Page sent until now was read. */
    readsAll: () => event({ type: 'read', watermark: Date.now() }),
  };
}
