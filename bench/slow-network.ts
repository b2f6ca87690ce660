// The app on a slow phone network: `npm run build:web && npx tsx bench/slow-network.ts`.
// Serves the built web app on a fresh embedded database with the demo data and opens it in Chromium at
// 1440×900 throttled over CDP to 400 ms round trip, 1.6 Mbps down and 750 kbps up, with an empty cache every
// load (a new browser context; a signed-in load carries only the session in localStorage).
// Prints, per page and as the median of BENCH_LOADS loads (default 3):
//  - the time from navigation start until the page's content is visible (the login form; the first issue
//    card of the admin's inbox), budget < 4 s for the inbox;
//  - the bytes transferred (encoded bodies and headers, from CDP's loadingFinished), budget < 600 KB for the
//    inbox;
//  - the requests and how deep their chain runs (BENCH_VERBOSE=1 lists each with its start and end time).
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { percentile, startBenchServer } from './support';

const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const THROTTLE = {
  offline: false,
  latency: 400,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type Request = { url: string; start: number; end: number; bytes: number };
type Load = { visibleMs: number; bytes: number; requests: Request[] };

/** Loads `path` in `page` throttled, until `visible` resolves; records every request's bytes and timing. */
async function coldLoad(page: Page, path: string, visible: (page: Page) => Promise<unknown>): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (e) =>
    requests.set(e.requestId, { url: e.request.url, start: e.timestamp, end: 0, bytes: 0 }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (request) Object.assign(request, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  await page.goto(path, { waitUntil: 'commit' });
  await visible(page);
  const visibleMs = (await page.evaluate('performance.now()')) as number;
  const all = [...requests.values()];
  const first = Math.min(...all.map((r) => r.start));
  const relative = all.map((r) => ({
    ...r,
    start: (r.start - first) * 1000,
    end: r.end ? (r.end - first) * 1000 : NaN,
  }));
  await cdp.detach();
  return { visibleMs, bytes: relative.reduce((sum, r) => sum + r.bytes, 0), requests: relative };
}

function report(name: string, loads: Load[], budget?: { ms: number; kb: number }) {
  const times = loads.map((l) => l.visibleMs).sort((a, b) => a - b);
  const bytes = loads.map((l) => l.bytes).sort((a, b) => a - b);
  const visible = percentile(times, 0.5);
  const kb = percentile(bytes, 0.5) / 1024;
  const verdict = budget
    ? visible < budget.ms && kb < budget.kb
      ? ` PASS (budget < ${budget.ms} ms, < ${budget.kb} KB)`
      : ` FAIL (budget < ${budget.ms} ms, < ${budget.kb} KB)`
    : '';
  console.log(
    `${name}: visible median ${visible.toFixed(0)} ms (each ${times.map((t) => t.toFixed(0)).join(', ')}), ` +
      `${kb.toFixed(0)} KB transferred in ${loads[0]!.requests.length} requests${verdict}`,
  );
  if (VERBOSE)
    for (const r of [...loads[0]!.requests].sort((a, b) => a.start - b.start))
      console.log(
        `  ${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)} ms ${(r.bytes / 1024).toFixed(1).padStart(7)} KB ${new URL(r.url).pathname}`,
      );
}

const server = await startBenchServer('pglite', {}, undefined, { serveWebApp: true });
const browser = await launchBrowser();
const newContext = (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
  browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, storageState });
try {
  // The session a returning admin has: signed in once (unthrottled), only localStorage kept.
  const signIn = await newContext();
  const page = await signIn.newPage();
  await page.goto('/login');
  await page.locator('#login-email').fill('admin@demo.local');
  await page.locator('#login-password').fill('Sabai2026demo');
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  const session = await signIn.storageState();
  await signIn.close();

  const pages = [
    {
      name: 'login page, cold',
      path: '/login?lang=en',
      signedIn: false,
      visible: (p: Page) => p.locator('#login-email').waitFor(),
    },
    {
      name: 'inbox (admin), cold',
      path: '/issue/inbox?lang=en',
      signedIn: true,
      visible: (p: Page) => p.getByTestId('issue-card').first().waitFor(),
      budget: { ms: 4000, kb: 600 },
    },
  ];
  for (const target of pages) {
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await newContext(target.signedIn ? session : undefined);
      loads.push(await coldLoad(await context.newPage(), target.path, target.visible));
      await context.close();
    }
    report(target.name, loads, target.budget);
  }
} finally {
  await browser.close();
  await server.close();
}
