// What live customer messages cost the inbox in HTTP requests (budget: at most 1 request per
// message on the open issue, at most 1 per 10 messages elsewhere): `npx tsx bench/live-requests.ts` after
// `npm run build:web`. BENCH_WEB_DIST serves another build of the web app (to measure an older client).
// The real server on a fresh PGlite database with the demo data, the LINE simulator, and Chromium signed in
// as the demo admin on the inbox with one chat open. Then 20 messages from the open chat's customer, 10
// more two seconds apart, and 100 from ten other customers whose issues are in the list, each sent as a LINE webhook through the simulator
// one after the other. The browser's requests to /api are counted in each phase, from the first message
// until the screen shows the last one and the page has made no request for QUIET_MS.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { apiSession } from '../e2e/support/api';
import { launchBrowser } from '../e2e/support/browser';
import { DEMO_PASSWORD } from '../e2e/support/demo';
import { artifactsDir, webDist } from '../e2e/support/paths';
import { startServer } from '../e2e/support/server';
import { configureSimulator, demoLineCustomer, startProviderSimulator } from '../e2e/support/simulator';
import { startSmtp } from '../e2e/support/smtp';

const OPEN_MESSAGES = 20;
/** Messages on the open issue that come one at a time, further apart than any client batching. */
const SPACED_MESSAGES = 10;
const SPACED_GAP_MS = 2_000;
const OTHER_CUSTOMERS = 10;
const OTHER_MESSAGES = 100;
/** The page is done with a phase once it made no request for this long (longer than any client batching). */
const QUIET_MS = 4_000;
const ADMIN = 'admin@demo.local';

const runDir = mkdtempSync(join(tmpdir(), 'sabai-live-bench-'));
const webDistDir = join(runDir, 'web');
cpSync(process.env.BENCH_WEB_DIST ?? webDist, webDistDir, { recursive: true });
mkdirSync(artifactsDir, { recursive: true });
const smtp = await startSmtp(join(runDir, 'mail'));
// This bench sends text only: no file the simulator would fetch.
const simulator = await startProviderSimulator(() => '');
const server = await startServer({
  dataDir: join(runDir, 'data'),
  smtpPort: smtp.port,
  logFile: join(artifactsDir, 'live-requests-server.log'),
  providerBaseUrl: simulator.url,
  webDistDir,
});
configureSimulator(simulator, server.baseUrl);
const browser = await launchBrowser();

try {
  const run = randomBytes(3).toString('hex');
  // LINE user ids are U and 32 hex digits. One at a time: the first registers the LINE account.
  const customer = (label: string) =>
    demoLineCustomer(simulator.url, server.baseUrl, `U${randomBytes(16).toString('hex')}`, `${label} ${run}`);
  const open = await customer('Open Customer');
  const others = [];
  for (let i = 1; i <= OTHER_CUSTOMERS; i++) others.push(await customer(`Other ${i}`));
  // Their issues exist before the page opens (new issues are not what this measures).
  await open.says('first message of the open chat');
  for (const [i, other] of others.entries()) await other.says(`first message of other ${i + 1}`);
  const api = await apiSession(server.baseUrl, ADMIN, DEMO_PASSWORD);
  const openIssueId = await waitFor(async () => {
    const page = await api.call<{ items: Array<{ id: number; contact: { displayName: string } }> }>(
      'GET',
      `/issues?search=${encodeURIComponent(`Open Customer ${run}`)}`,
    );
    return page.items[0]?.id;
  });
  await waitFor(async () => {
    const page = await api.call<{ items: unknown[] }>('GET', `/issues?search=${encodeURIComponent(run)}`);
    return page.items.length === OTHER_CUSTOMERS + 1 || undefined;
  });
  await api.dispose();

  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const requests = countApiRequests(page);
  await page.goto('/login');
  await page.locator('#login-email').fill(ADMIN);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`/issue/inbox?issueId=${openIssueId}`);
  await chat(page).filter({ hasText: 'first message of the open chat' }).waitFor();
  await card(page, `Other ${OTHER_CUSTOMERS} ${run}`).waitFor();
  await requests.quiet(QUIET_MS);

  requests.reset();
  for (let i = 1; i <= OPEN_MESSAGES; i++) await open.says(`open chat message ${i}`);
  await chat(page)
    .filter({ hasText: `open chat message ${OPEN_MESSAGES}` })
    .waitFor();
  await requests.quiet(QUIET_MS);
  const onOpen = requests.list();

  requests.reset();
  for (let i = 1; i <= SPACED_MESSAGES; i++) {
    await open.says(`spaced message ${i}`);
    await new Promise((resolve) => setTimeout(resolve, SPACED_GAP_MS));
  }
  await chat(page)
    .filter({ hasText: `spaced message ${SPACED_MESSAGES}` })
    .waitFor();
  await requests.quiet(QUIET_MS);
  const spaced = requests.list();

  requests.reset();
  for (let i = 0; i < OTHER_MESSAGES; i++) {
    await others[i % OTHER_CUSTOMERS]!.says(`elsewhere message ${i + 1}`);
  }
  await card(page, `Other ${OTHER_CUSTOMERS} ${run}`)
    .filter({ hasText: `elsewhere message ${OTHER_MESSAGES}` })
    .waitFor();
  await requests.quiet(QUIET_MS);
  const elsewhere = requests.list();

  const perOpen = onOpen.length / OPEN_MESSAGES;
  const perSpaced = spaced.length / SPACED_MESSAGES;
  const perTenElsewhere = elsewhere.length / (OTHER_MESSAGES / 10);
  const verdict = perOpen <= 1 && perSpaced <= 1 && perTenElsewhere <= 1 ? 'within budget' : 'OVER BUDGET';
  console.log(`client: ${process.env.BENCH_WEB_DIST ?? 'apps/web/dist'}`);
  console.log(
    `open issue: ${onOpen.length} requests for ${OPEN_MESSAGES} messages = ${perOpen.toFixed(2)} per message (budget ≤ 1) — ${summary(onOpen)}`,
  );
  console.log(
    `open issue, ${SPACED_GAP_MS} ms apart: ${spaced.length} requests for ${SPACED_MESSAGES} messages = ${perSpaced.toFixed(2)} per message (budget ≤ 1) — ${summary(spaced)}`,
  );
  console.log(
    `elsewhere: ${elsewhere.length} requests for ${OTHER_MESSAGES} messages = ${perTenElsewhere.toFixed(2)} per 10 messages (budget ≤ 1) — ${summary(elsewhere)}`,
  );
  console.log(`verdict: ${verdict}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await simulator.close();
  await smtp.close();
  rmSync(runDir, { recursive: true, force: true });
}

function chat(page: Page) {
  return page.getByTestId('chat-pane').getByTestId('message');
}

function card(page: Page, name: string) {
  return page.getByTestId('issue-card').filter({ hasText: name });
}

/** The page's requests to the API: counted, listed, and waited on until none is made for a while. */
function countApiRequests(page: Page) {
  let seen: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    seen.push(`${request.method()} ${new URL(request.url()).pathname}`);
    inFlight++;
    lastActivity = Date.now();
  });
  const done = (request: { url(): string }) => {
    if (!isApi(request.url())) return;
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    reset: () => (seen = []),
    list: () => [...seen],
    /** Resolves once no request is in flight and none was made for `ms` (the client's batches are over). */
    quiet: (ms: number) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (inFlight === 0 && Date.now() - lastActivity >= ms) {
            clearInterval(check);
            resolve();
          }
        }, 100);
      }),
  };
}

/** Requests grouped by method and path, issue and message ids folded. */
function summary(requests: string[]) {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const key = r.replace(/\/\d+/g, '/:id');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n}× ${key}`).join(', ') || 'none';
}

/** Polls `read` until it answers something. */
async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for the set-up');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
