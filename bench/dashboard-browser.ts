// The dashboard in Chromium on the large workspace dataset (budget: interactive < 1.5 s):
// `npx tsx bench/dashboard-browser.ts` after `npx tsx bench/reports.ts` (which derives the report facts and
// rolls up the report days) and `npm run build:web`. BENCH_DATABASE_URL as in seed-workspace.ts; BENCH_LOADS
// page loads (default 5). Prints, for the admin's dashboard (the default period and compare period), the time
// from navigation start to the overall figures and both charts drawn with the main thread free again.
import { ms, openWorkspaceInChromium, pct, timeToInteractive } from './browser-support';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);

const { page, close } = await openWorkspaceInChromium();
try {
  const interactive = await timeToInteractive(page, '/dashboard', LOADS, async () => {
    await page.getByTestId('figure-tiles').waitFor();
    await page.getByTestId('statistics-card').locator('canvas').first().waitFor();
    await page.getByTestId('status-summary').locator('canvas').first().waitFor();
  });
  console.log(
    `dashboard interactive (${LOADS} loads): ${interactive.map(ms).join(', ')}; median ${ms(pct(interactive, 50))}, worst ${ms(Math.max(...interactive))} (budget < 1500 ms)`,
  );
} finally {
  await close();
}
