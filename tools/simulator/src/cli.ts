// `npm run simulate -- <command>`: start the simulator with the demo tenant, or play a customer against a
// running one through its admin API. See tools/simulator/README.md.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { AdminClient, AdminRequestError } from './admin/client';
import type { SimulatorSummary } from './simulator';
import { startSimulator } from './simulator';
import { registerDemoCustomers, runDemoChatter } from './cli/demo-chatter';
import { DEMO_DEFAULTS } from './cli/demo-data';
import { describeDelivery, mark, parseDuration, quote } from './cli/format';
import type { DeliveryRecord } from './core/records';

const HELP = `Sabai channel simulator — fake LINE, Messenger, Instagram and an OpenAI-compatible model endpoint
on one loopback port.

  serve [--port 4100] [--demo]     start with the demo tenant (flags below override it)
  demo                             keep demo customers chatting on a running simulator
  status                           what a running simulator is configured with

  send-text    --channel ID --user U… [--name "Display name"] "text"
  send-image   --channel ID --user U… [--file photo.jpg]
  send-sticker --channel ID --user U…
  follow | unfollow --channel ID --user U…
  postback     --channel ID --user U… --data "action=buy"
  line-verify  --channel ID        webhook with events: []

  messenger-text    --page ID --psid PSID [--name "First Last"] "text"
  messenger-image   --page ID --psid PSID [--file photo.jpg]
  messenger-postback --page ID --psid PSID --payload GET_STARTED
  instagram-text    --ig ID --igsid IGSID "text"
  instagram-story-reply   --ig ID --igsid IGSID "text"
  instagram-story-mention --ig ID --igsid IGSID
  meta-verify                      the hub.challenge handshake

  advance 25h | 90s | 8d           move the simulated clock
  calls [--platform line|meta] [--path /push]
  outbox [--account ID]
  reset [--keep-config]

Client commands talk to --url (default http://127.0.0.1:4100).
serve flags: --line-channel-id --line-secret --line-token --line-bot-user-id --line-webhook
  --line-redelivery 3:10000 (attempts:intervalMs) --line-quota 300|none --meta-app-id --meta-app-secret --meta-verify-token
  --meta-webhook --meta-retry 20000:300000 (intervalMs:windowMs) --page-id --page-name --page-token
  --ig-id --ig-username --ig-token --human-agent --ai-key --webhook-timeout-ms 2000 --interval 4000 (demo pace)`;

const OPTIONS = {
  help: { type: 'boolean' },
  url: { type: 'string', default: `http://127.0.0.1:${DEMO_DEFAULTS.port}` },
  port: { type: 'string', default: String(DEMO_DEFAULTS.port) },
  demo: { type: 'boolean' },
  interval: { type: 'string', default: '4000' },
  channel: { type: 'string', default: DEMO_DEFAULTS.lineChannelId },
  user: { type: 'string' },
  name: { type: 'string' },
  page: { type: 'string', default: DEMO_DEFAULTS.pageId },
  psid: { type: 'string' },
  ig: { type: 'string', default: DEMO_DEFAULTS.igId },
  igsid: { type: 'string' },
  file: { type: 'string' },
  data: { type: 'string' },
  payload: { type: 'string' },
  platform: { type: 'string' },
  path: { type: 'string' },
  account: { type: 'string' },
  'keep-config': { type: 'boolean' },
  'line-channel-id': { type: 'string', default: DEMO_DEFAULTS.lineChannelId },
  'line-secret': { type: 'string', default: DEMO_DEFAULTS.lineSecret },
  'line-token': { type: 'string', default: DEMO_DEFAULTS.lineToken },
  'line-bot-user-id': { type: 'string', default: DEMO_DEFAULTS.lineBotUserId },
  'line-webhook': { type: 'string', default: DEMO_DEFAULTS.lineWebhook },
  'line-redelivery': { type: 'string' },
  'line-quota': { type: 'string', default: DEMO_DEFAULTS.lineQuota },
  'meta-app-id': { type: 'string', default: DEMO_DEFAULTS.metaAppId },
  'meta-app-secret': { type: 'string', default: DEMO_DEFAULTS.metaAppSecret },
  'meta-verify-token': { type: 'string', default: DEMO_DEFAULTS.metaVerifyToken },
  'meta-webhook': { type: 'string', default: DEMO_DEFAULTS.metaWebhook },
  'meta-retry': { type: 'string', default: '20000:300000' },
  'page-id': { type: 'string', default: DEMO_DEFAULTS.pageId },
  'page-name': { type: 'string', default: DEMO_DEFAULTS.pageName },
  'page-token': { type: 'string', default: DEMO_DEFAULTS.pageToken },
  'ig-id': { type: 'string', default: DEMO_DEFAULTS.igId },
  'ig-username': { type: 'string', default: DEMO_DEFAULTS.igUsername },
  'ig-token': { type: 'string', default: DEMO_DEFAULTS.igToken },
  'human-agent': { type: 'boolean' },
  'ai-key': { type: 'string', default: DEMO_DEFAULTS.aiKey },
  'webhook-timeout-ms': { type: 'string', default: '2000' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

class UsageError extends Error {}

const print = (line: string) => console.log(line);

async function main(argv: string[]): Promise<number> {
  const { values: flags, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [command, ...rest] = positionals;
  if (!command || flags.help || command === 'help') {
    print(HELP);
    return 0;
  }
  if (command === 'serve') return serve(flags);
  const client = new AdminClient(flags.url.replace(/\/$/, ''));
  const text = rest.join(' ');
  const need = (value: string | undefined, flag: string) => {
    if (!value) throw new UsageError(`${command} needs ${flag}`);
    return value;
  };
  const needText = () => {
    if (!text) throw new UsageError(`${command} needs the message text, e.g. ${command} … "Hello"`);
    return text;
  };
  const line = async (events: Parameters<AdminClient['lineEvents']>[1], what: string) => {
    const channelId = flags.channel;
    if (flags.name)
      await client.addLineUser(channelId, { userId: need(flags.user, '--user'), displayName: flags.name });
    return report(
      `LINE ${channelId} ← ${flags.user ?? ''}`,
      what,
      await client.lineEvents(channelId, events, { wait: 'first' }),
    );
  };
  const messenger = async (events: Parameters<AdminClient['messengerEvents']>[0], what: string) => {
    if (flags.name) {
      await client.addMetaUser({
        platform: 'messenger',
        accountId: flags.page,
        userId: need(flags.psid, '--psid'),
        name: flags.name,
      });
    }
    return report(
      `Messenger ${flags.page} ← ${flags.psid ?? ''}`,
      what,
      await client.messengerEvents(events, { wait: 'first' }),
    );
  };
  const instagram = async (events: Parameters<AdminClient['instagramEvents']>[0], what: string) =>
    report(
      `Instagram ${flags.ig} ← ${flags.igsid ?? ''}`,
      what,
      await client.instagramEvents(events, { wait: 'first' }),
    );

  switch (command) {
    case 'status':
      printSummary(await client.describe());
      return 0;
    case 'demo': {
      const summary = await client.describe();
      const ids = {
        lineChannelId: summary.line.channels[0]?.channelId ?? flags.channel,
        pageId: summary.meta.pages[0]?.pageId ?? flags.page,
        igId: summary.meta.instagramAccounts[0]?.igId ?? flags.ig,
      };
      await registerDemoCustomers(client, ids);
      await chatUntilInterrupted(client, ids, Number(flags.interval));
      return 0;
    }
    case 'send-text':
      return line([{ type: 'text', userId: need(flags.user, '--user'), text: needText() }], quote(text));
    case 'send-image': {
      const file = await readAttachment(flags.file);
      return line(
        [{ type: 'image', userId: need(flags.user, '--user'), ...file }],
        flags.file ? `[image ${flags.file}]` : '[image]',
      );
    }
    case 'send-sticker':
      return line([{ type: 'sticker', userId: need(flags.user, '--user') }], '[sticker]');
    case 'follow':
    case 'unfollow':
      return line([{ type: command, userId: need(flags.user, '--user') }], `[${command}]`);
    case 'postback':
      return line(
        [{ type: 'postback', userId: need(flags.user, '--user'), data: need(flags.data, '--data') }],
        `[postback ${flags.data}]`,
      );
    case 'line-verify': {
      const delivery = await client.lineVerify(flags.channel);
      return report(`LINE ${flags.channel}`, '[verify: events: []]', delivery);
    }
    case 'messenger-text':
      return messenger(
        [{ type: 'text', accountId: flags.page, userId: need(flags.psid, '--psid'), text: needText() }],
        quote(text),
      );
    case 'messenger-image': {
      const file = await readAttachment(flags.file);
      return messenger(
        [
          {
            type: 'attachment',
            attachmentType: 'image',
            accountId: flags.page,
            userId: need(flags.psid, '--psid'),
            ...file,
          },
        ],
        '[image]',
      );
    }
    case 'messenger-postback':
      return messenger(
        [
          {
            type: 'postback',
            accountId: flags.page,
            userId: need(flags.psid, '--psid'),
            payload: need(flags.payload, '--payload'),
          },
        ],
        `[postback ${flags.payload}]`,
      );
    case 'instagram-text':
      return instagram(
        [{ type: 'text', accountId: flags.ig, userId: need(flags.igsid, '--igsid'), text: needText() }],
        quote(text),
      );
    case 'instagram-story-reply':
      return instagram(
        [
          {
            type: 'story_reply',
            accountId: flags.ig,
            userId: need(flags.igsid, '--igsid'),
            text: needText(),
          },
        ],
        `story reply ${quote(text)}`,
      );
    case 'instagram-story-mention':
      return instagram(
        [{ type: 'story_mention', accountId: flags.ig, userId: need(flags.igsid, '--igsid') }],
        '[story mention]',
      );
    case 'meta-verify': {
      const ok = await client.metaVerifyWebhook();
      print(
        ok
          ? '✓ Meta webhook handshake passed (200 with the challenge)'
          : '✗ Meta webhook handshake failed (needs 200 and the hub.challenge as body)',
      );
      return ok ? 0 : 1;
    }
    case 'advance': {
      const ms = parseDuration(rest[0] ?? '');
      if (ms === null) throw new UsageError('advance needs a duration like 90s, 25h or 8d');
      const { now } = await client.advance(ms);
      print(`⏩ simulated time is now ${new Date(now).toISOString()}`);
      return 0;
    }
    case 'calls': {
      const platform = flags.platform === 'line' || flags.platform === 'meta' ? flags.platform : undefined;
      const calls = await client.calls({
        ...(platform ? { platform } : {}),
        ...(flags.path ? { path: flags.path } : {}),
      });
      for (const call of calls)
        print(
          `${new Date(call.at).toISOString()} ${call.method.padEnd(6)} ${call.path} → ${call.status ?? 'held'}`,
        );
      if (calls.length === 0) print('no API calls yet');
      return 0;
    }
    case 'outbox': {
      const entries = await client.outbox(flags.account);
      for (const entry of entries) {
        const body = entry.message as { text?: unknown; type?: unknown };
        const content =
          typeof body.text === 'string' ? quote(body.text) : `[${String(body.type ?? 'attachment')}]`;
        print(
          `${entry.delivered ? '✓' : '✗'} ${entry.platform} ${entry.accountId} → ${entry.userId} via ${entry.via}: ${content}${entry.undeliveredReason ? ` (${entry.undeliveredReason})` : ''}`,
        );
      }
      if (entries.length === 0) print('nothing sent to customers yet');
      return 0;
    }
    case 'reset':
      await client.reset(flags['keep-config'] ?? false);
      print(flags['keep-config'] ? 'reset (configuration kept)' : 'reset (everything forgotten)');
      return 0;
    default:
      throw new UsageError(`unknown command "${command}" — try --help`);
  }
}

async function serve(flags: Flags): Promise<number> {
  const sim = await startSimulator({
    port: Number(flags.port),
    webhookTimeoutMs: Number(flags['webhook-timeout-ms']),
  });
  const redelivery = pair(flags['line-redelivery']);
  const retry = pair(flags['meta-retry']);
  sim.addLineChannel({
    channelId: flags['line-channel-id'],
    channelSecret: flags['line-secret'],
    accessToken: flags['line-token'],
    botUserId: flags['line-bot-user-id'],
    webhookUrl: flags['line-webhook'],
    ...(redelivery ? { redelivery: { attempts: redelivery[0], intervalMs: redelivery[1] } } : {}),
    monthlyQuota: monthlyQuotaOf(flags['line-quota']),
  });
  sim.addMetaApp({
    appId: flags['meta-app-id'],
    appSecret: flags['meta-app-secret'],
    verifyToken: flags['meta-verify-token'],
    webhookUrl: flags['meta-webhook'],
    humanAgentApproved: flags['human-agent'] ?? false,
    ...(retry ? { retry: { intervalMs: retry[0], windowMs: retry[1] } } : {}),
  });
  sim.addPage({ pageId: flags['page-id'], name: flags['page-name'], pageToken: flags['page-token'] });
  sim.addInstagramAccount({
    igId: flags['ig-id'],
    pageId: flags['page-id'],
    username: flags['ig-username'],
    token: flags['ig-token'],
  });
  sim.ai.addKey(flags['ai-key']);
  const client = new AdminClient(sim.url);
  const ids = { lineChannelId: flags['line-channel-id'], pageId: flags['page-id'], igId: flags['ig-id'] };
  await registerDemoCustomers(client, ids);
  printSummary(sim.describe());
  if (flags.demo) {
    print('\nDemo customers are chatting; Ctrl+C to stop.\n');
    await chatUntilInterrupted(client, ids, Number(flags.interval));
  } else {
    print(
      '\nPlay a customer:  npm run simulate -- send-text --user U4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d01 "สวัสดีครับ"',
    );
    print('Ctrl+C to stop.');
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  }
  await sim.close();
  return 0;
}

async function chatUntilInterrupted(
  client: AdminClient,
  ids: { lineChannelId: string; pageId: string; igId: string },
  intervalMs: number,
) {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  await runDemoChatter(client, {
    ...ids,
    intervalMs: Number.isFinite(intervalMs) && intervalMs > 0 ? intervalMs : 4000,
    print,
    signal: controller.signal,
  });
}

function printSummary(summary: SimulatorSummary): void {
  print(`Sabai channel simulator on ${summary.url}`);
  for (const channel of summary.line.channels) {
    print(
      `  LINE       channel ${channel.channelId} → ${channel.webhookUrl ?? '(no webhook)'}  (${channel.users.length} users)`,
    );
  }
  print(`             API base URL for both LINE hosts: ${summary.url}`);
  const app = summary.meta.app;
  if (app)
    print(
      `  Meta       app ${app.appId} → ${app.webhookUrl ?? '(no webhook)'}  Graph base: ${summary.url}/v25.0`,
    );
  for (const page of summary.meta.pages) {
    print(
      `  Messenger  Page ${page.pageId} "${page.name}"${page.instagramId ? ` · Instagram ${page.instagramId}` : ''}`,
    );
  }
  print(`  AI         OpenAI base URL ${summary.ai.baseUrl}  key ${summary.ai.keys.join(', ') || '(none)'}`);
  print(`  Login      ${summary.url}/dialog/oauth   Admin ${summary.url}/__admin`);
  if (summary.offsetMs > 0)
    print(
      `  Clock      ${Math.round(summary.offsetMs / 3_600_000)} h ahead: ${new Date(summary.now).toISOString()}`,
    );
}

function report(who: string, what: string, delivery: DeliveryRecord): number {
  print(`${mark(delivery)} ${who} ${what} · ${describeDelivery(delivery)}`);
  return delivery.ok ? 0 : 1;
}

function pair(value: string | undefined): [number, number] | null {
  if (!value) return null;
  const [first, second] = value.split(':').map(Number);
  if (first === undefined || second === undefined || !Number.isFinite(first) || !Number.isFinite(second)) {
    throw new UsageError(`expected two numbers like 3:10000, got ${value}`);
  }
  return [first, second];
}

/** `--line-quota`: a monthly push limit, or `none`. */
function monthlyQuotaOf(value: string | undefined): number | null {
  if (value === undefined || value === 'none') return null;
  const limit = Number(value);
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new UsageError(`expected a count or none, got ${value}`);
  return limit;
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/x-m4a',
  '.pdf': 'application/pdf',
};

async function readAttachment(file: string | undefined): Promise<{ content?: string; contentType?: string }> {
  if (!file) return {};
  const bytes = await readFile(file);
  return {
    content: bytes.toString('base64'),
    contentType: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof AdminRequestError)
      console.error(`✗ ${error.message}`);
    else if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      console.error(`✗ ${error.message}\n\n${HELP}`);
    else console.error(error);
    process.exit(1);
  },
);
