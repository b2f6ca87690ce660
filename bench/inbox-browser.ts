// The inbox in Chromium on the large workspace dataset (budget: interactive < 1 s on localhost, the
// list scrolled through 10,000 issues without dropped frames): `npx tsx bench/inbox-browser.ts` after
// `npx tsx bench/seed-workspace.ts` and `npm run build:web`. BENCH_DATABASE_URL as there; BENCH_LOADS page
// loads (default 5); BENCH_SCROLL_ISSUES issues to scroll through (default 10,000); BENCH_SCROLL_STEP pixels
// scrolled per frame (default 600, about 6 cards).
// Prints, for the admin's inbox (all issues of the organisation, newest activity first):
//  - interactive: from navigation start to the first issue card painted with the main thread free again (a
//    task posted after it runs within the same frame budget), per load, median and worst;
//  - scrolling: frames drawn while the list is scrolled at a steady speed until BENCH_SCROLL_ISSUES cards
//    are loaded, with the frame interval percentiles and the frames over 1.5 × 16.7 ms (dropped frames).
import {
  framesLine,
  ms,
  openWorkspaceInChromium,
  pct,
  scrollEveryFrame,
  timeToInteractive,
} from './browser-support';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const SCROLL_ISSUES = Number(process.env.BENCH_SCROLL_ISSUES ?? 10_000);
const SCROLL_STEP = Number(process.env.BENCH_SCROLL_STEP ?? 600);
const FRAME_MS = 1000 / 60;

const { page, close } = await openWorkspaceInChromium();
try {
  const interactive = await timeToInteractive(page, '/issue/inbox', LOADS, () =>
    page.getByTestId('issue-card').first().waitFor(),
  );
  console.log(
    `inbox interactive (${LOADS} loads): median ${ms(pct(interactive, 50))}, worst ${ms(Math.max(...interactive))} (budget < 1000 ms); each: ${interactive.map(ms).join(', ')}`,
  );

  // Scroll at a steady speed, one step per frame, recording every frame's interval, until the list holds
  // SCROLL_ISSUES cards (pages load as the end comes near) and the end of what is loaded is reached.
  const scroll = await scrollEveryFrame(page, {
    scroller: '[data-testid="issue-list"]',
    step: SCROLL_STEP,
    progress: `Math.max(0, ...[...scroller.querySelectorAll('[data-index]')].map((row) => Number(row.dataset.index) + 1))`,
    target: SCROLL_ISSUES,
  });
  console.log(
    `scrolled through ${scroll.best} issues (${(scroll.scrolledPx / 1000).toFixed(0)}k px) in ${scroll.seconds.toFixed(1)} s, ` +
      framesLine(scroll.intervals, 1.5 * FRAME_MS),
  );
} finally {
  await close();
}
