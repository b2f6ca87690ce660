// Assembles the simulator: shared clock, records and faults, the LINE and Meta fakes, the model endpoint, the
// admin API, and the one loopback HTTP server that serves them all.
import { CdnStore } from './core/cdn';
import { cdnRoutes } from './core/cdn-routes';
import { Clock } from './core/clock';
import { SimulatorError } from './core/errors';
import { FaultQueue } from './core/faults';
import { Recorder, waitFor } from './core/records';
import { adminArea, adminRoutes } from './admin/routes';
import { AI_BASE_PATH, aiApiRoutes } from './ai/api-routes';
import { aiArea } from './ai/area';
import { createAiControls } from './ai/controls';
import { AiState } from './ai/state';
import { json, route } from './http/router';
import type { Area } from './http/router';
import { startHttpServer } from './http/server';
import type { RunningServer } from './http/server';
import { lineApiRoutes } from './line/api-routes';
import { lineArea } from './line/area';
import { lineOAuthRoutes } from './line/oauth-routes';
import { createLineControls } from './line/controls';
import { LineState } from './line/state';
import { metaArea } from './meta/area';
import { createMetaControls } from './meta/controls';
import { commentRoutes } from './meta/comment-routes';
import { graphRoutes } from './meta/graph-routes';
import { loginRoutes } from './meta/login-routes';
import { sendApiRoutes } from './meta/send-api';
import { MetaState } from './meta/state';
import { WebhookDeliverer } from './webhook/deliverer';
import type { LineUserSummary, Simulator, SimulatorSummary } from './simulator-api';

export type { LineUserSummary, Simulator, SimulatorSummary };

/** Options of `startSimulator`. */
export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** A webhook attempt fails when no full response arrives in time (LINE: 2 s, A.2). */
  webhookTimeoutMs?: number;
  /** Base clock; `advance(ms)` adds to it. */
  now?: () => number;
  /** Keep only this many of the latest calls, deliveries and outbox messages (default: all). */
  keepRecords?: number;
  /**
   * Where LINE fetches a message's media from: a test whose product gives out public https links maps them
   * to where it listens (default: the URL itself).
   */
  mediaVia?: (url: string) => string;
}

const DEFAULT_WEBHOOK_TIMEOUT_MS = 2000;

/** Starts a simulator on loopback. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const clock = new Clock(options.now ?? Date.now);
  const recorder = new Recorder(options.keepRecords);
  const faults = new FaultQueue();
  const cdn = new CdnStore();
  const timeoutMs = options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const deliverer = new WebhookDeliverer({ clock, recorder, timeoutMs });
  const lineState = new LineState();
  const metaState = new MetaState();
  const aiState = new AiState(() => Math.floor(clock.now() / 1000));
  let server: RunningServer | null = null;
  const origin = () => server?.url ?? '';

  const line = createLineControls({ state: lineState, clock, deliverer, faults });
  const metaDeps = { state: metaState, clock, cdn, recorder, deliverer, faults, origin, timeoutMs };
  const { messenger, instagram, meta, comments } = createMetaControls(metaDeps);

  // Replayed by reset({ keepConfig: true }).
  let configLog: (() => void)[] = [];
  const configure = (apply: () => void) => {
    apply();
    configLog.push(apply);
  };
  const ai = createAiControls({ state: aiState, faults, recorder, origin, configure });

  const simulator: Simulator = {
    get url() {
      return origin();
    },
    close: async () => {
      deliverer.abortAll();
      await server?.close();
    },
    now: () => clock.now(),
    advance: (ms) => clock.advance(ms),
    reset: (resetOptions = {}) => {
      const replay = resetOptions.keepConfig ? configLog : [];
      deliverer.abortAll();
      lineState.clear();
      metaState.clear();
      aiState.clear();
      recorder.clear();
      faults.clear();
      cdn.clear();
      clock.rewind();
      configLog = [];
      for (const apply of replay) configure(apply);
    },
    describe: () => describe(origin(), clock, lineState, metaState, aiState),
    addLineChannel: (config) => configure(() => void lineState.addChannel(config)),
    addLineUser: (channelId, user) => configure(() => void lineState.addUser(channelId, user)),
    addLineChat: (channelId, chat) => configure(() => void lineState.addChat(channelId, chat)),
    addMetaApp: (config) => configure(() => void metaState.setApp(config)),
    addPage: (page) => configure(() => void metaState.addPage(page)),
    addInstagramAccount: (account) => configure(() => void metaState.addInstagramAccount(account)),
    addMetaUser: (user) => configure(() => void metaState.addUser(user)),
    line,
    meta,
    messenger,
    instagram,
    comments,
    ai,
    calls: (filter) => recorder.calls(filter),
    onCall: (listener) => recorder.onCall(listener),
    deliveries: (filter) => recorder.deliveries(filter),
    outbox: (accountId, userId) => recorder.outbox(accountId, userId),
    waitFor: (probe, waitTimeoutMs) => waitFor(probe, waitTimeoutMs),
  };

  const lineDeps = {
    state: lineState,
    clock,
    recorder,
    deliverer,
    mediaVia: options.mediaVia ?? ((url: string) => url),
  };
  const graphDeps = { state: metaState, clock, recorder, deliverer, cdn, origin };
  const routes = [
    route('GET', 'admin', '/', () =>
      json(200, { name: 'Sabai channel simulator', admin: '/__admin', readme: 'tools/simulator/README.md' }),
    ),
    ...adminRoutes(simulator),
    ...cdnRoutes(cdn, clock),
    ...lineApiRoutes(lineDeps),
    ...lineOAuthRoutes(lineDeps),
    ...loginRoutes(graphDeps),
    ...sendApiRoutes(graphDeps),
    ...graphRoutes(graphDeps),
    ...commentRoutes(graphDeps),
    ...aiApiRoutes({ state: aiState, clock }),
  ];
  server = await startHttpServer({
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    routes,
    areaOf,
    behaviours: { line: lineArea, meta: metaArea, ai: aiArea, admin: adminArea, cdn: adminArea },
    recorder,
    faults,
    clock,
    holdMs: 60_000,
    delayTimers: new Set(),
  });
  return simulator;
}

/**
 * LINE owns `/v2/…`; Graph owns `/v{major}.{minor}/…` and the login dialog; the model endpoint owns `/openai/…`;
 * the rest is admin and CDN.
 */
function areaOf(path: string): Area {
  if (path.startsWith('/v2/') || path.startsWith('/oauth2/')) return 'line';
  if (/^\/v\d+\.\d+(\/|$)/.test(path) || path.startsWith('/dialog/')) return 'meta';
  if (/^\/openai(\/|$)/.test(path)) return 'ai';
  if (path.startsWith('/__cdn/')) return 'cdn';
  return 'admin';
}

function describe(
  url: string,
  clock: Clock,
  line: LineState,
  meta: MetaState,
  ai: AiState,
): SimulatorSummary {
  return {
    url,
    now: clock.now(),
    offsetMs: clock.offset,
    line: {
      channels: [...line.channels.values()].map((c) => ({
        channelId: c.channelId,
        channelSecret: c.channelSecret,
        accessToken: c.accessToken,
        accessTokenKind: c.accessTokenKind,
        botUserId: c.botUserId,
        webhookUrl: c.webhookUrl,
        ...(c.redelivery ? { redelivery: c.redelivery } : {}),
        monthlyQuota: c.monthlyQuota,
        displayName: c.displayName,
        basicId: c.basicId,
        users: line.usersOf(c.channelId).map((u) => ({
          userId: u.userId,
          displayName: u.displayName,
          isFriend: u.isFriend,
          hasBlocked: u.hasBlocked,
        })),
      })),
    },
    meta: {
      app: meta.app
        ? {
            appId: meta.app.appId,
            webhookUrl: meta.app.webhookUrl,
            verifyToken: meta.app.verifyToken,
            humanAgentApproved: meta.app.humanAgentApproved,
            echoes: meta.app.echoes,
          }
        : null,
      pages: [...meta.pages.values()].map((p) => ({
        pageId: p.pageId,
        name: p.name,
        pageToken: p.pageToken,
        subscribedFields: p.subscribedFields,
        instagramId: meta.instagramOfPage(p.pageId)?.igId ?? null,
      })),
      instagramAccounts: [...meta.instagramAccounts.values()].map((a) => ({
        igId: a.igId,
        username: a.username,
        pageId: a.pageId,
        token: a.token,
      })),
    },
    ai: { baseUrl: `${url}${AI_BASE_PATH}`, keys: [...ai.keys], models: [...ai.models.keys()] },
  };
}

export { SimulatorError };
