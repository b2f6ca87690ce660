// Shared by the Chromium benchmarks: the built web app and the API served on the workspace dataset
// (bench/seed-workspace.ts) or another seeded database, Chromium launched with the journeys' flags at
// 1440×900, a user signed in through the form, and "interactive" measured the same way for every page.
import type { Page } from 'playwright-core';
import { openDb } from '../apps/server/src/platform/db';
import { launchBrowser } from '../e2e/support/browser';
import { serveSeededDb, type SeededServer } from './support';
import * as d from './workspace-data';

export type BrowserBench = { page: Page; close(): Promise<void> };

/** Serves the app on the workspace dataset and opens a signed-in admin page in Chromium. */
export async function openWorkspaceInChromium(): Promise<BrowserBench> {
  const db = await openDb({ databaseUrl: d.WORKSPACE_DATABASE_URL, poolSize: 20 });
  await db.migrate();
  const server = await serveSeededDb(db, d.WORKSPACE_DATABASE_URL, { serveWebApp: true });
  return signInWithChromium(server, { email: d.WORKSPACE_ADMIN, password: d.WORKSPACE_PASSWORD });
}

/**
 * Opens `server`'s app in Chromium at 1440×900 and signs in as `user` through the form; closing it also
 * closes the server.
 */
export async function signInWithChromium(
  server: SeededServer,
  user: { email: string; password: string },
): Promise<BrowserBench> {
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    await server.close();
  };
  try {
    const context = await browser.newContext({
      baseURL: server.root,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    // Sign in once through the form; later loads reuse the stored session like a returning user.
    await page.goto('/login');
    await page.locator('#login-email').fill(user.email);
    await page.locator('#login-password').fill(user.password);
    await page.getByTestId('login-form').locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname !== '/login');
    return { page, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Loads `url` `loads` times and returns, per load, the time from navigation start until `ready` resolved
 * and the main thread was free again (a task queued then runs within the same frame budget).
 */
export async function timeToInteractive(
  page: Page,
  url: string,
  loads: number,
  ready: () => Promise<unknown>,
) {
  const times: number[] = [];
  for (let i = 0; i < loads; i++) {
    await page.goto(url);
    await ready();
    // A string, not a function: tsx would wrap named functions in a helper the page does not have.
    times.push(
      (await page.evaluate(
        'new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)))',
      )) as number,
    );
  }
  return times;
}

/**
 * Resolves once `condition` (an expression) holds in the page, checked every frame; throws after `timeoutMs`.
 * The app's content security policy forbids the eval behind `page.waitForFunction` with an expression.
 */
export async function untilInPage(page: Page, condition: string, timeoutMs = 30_000) {
  const held = await page.evaluate(`new Promise((resolve) => {
    const end = performance.now() + ${timeoutMs};
    const check = () => (${condition}) ? resolve(true) : performance.now() > end ? resolve(false) : requestAnimationFrame(check);
    check();
  })`);
  if (!held) throw new Error(`not within ${timeoutMs} ms: ${condition}`);
}

/**
 * Scrolls the element `scroller` (a CSS selector) by `step` pixels every frame (negative: up), recording each
 * frame's interval, until `progress` (an expression over `scroller`, evaluated every frame; the most it gave
 * counts) reaches `target`, or the scroller has sat at its end in that direction for `stuckMs` (no more
 * pages came). Returns the intervals (the first, before any scroll, left out), the pixels scrolled, the
 * seconds taken and whether the target was reached; with `rows`, also the jumps: at every step it notes
 * where the first such row in view is, and at the next step how far it moved without being scrolled (pixels,
 * down positive): the content moving under the reader.
 */
export async function scrollEveryFrame(
  page: Page,
  opts: {
    scroller: string;
    step: number;
    progress: string;
    target: number;
    stuckMs?: number;
    /** Rows (a CSS selector within the scroller) whose jumps to count: see below. */
    rows?: string;
  },
) {
  const started = performance.now();
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  const result = (await page.evaluate(`new Promise((resolve) => {
    const target = ${opts.target}, step = ${opts.step}, stuckMs = ${opts.stuckMs ?? 10_000};
    const scroller = document.querySelector(${JSON.stringify(opts.scroller)});
    const rowSelector = ${JSON.stringify(opts.rows ?? null)};
    const intervals = [], jumps = [];
    let last = performance.now(), best = 0, stuckSince = 0, scrolledPx = 0, watched = null;
    const stepOnce = () => {
      const top = scroller.getBoundingClientRect().top;
      // The row watched since the last step should not have moved: if it did, the content jumped under the
      // reader (rows above it resized, or were added without keeping the place).
      if (watched && watched.row.isConnected) {
        const moved = watched.row.getBoundingClientRect().top - top - watched.y;
        if (Math.abs(moved) > 1) jumps.push(Math.round(moved));
      }
      const before = scroller.scrollTop;
      scroller.scrollTop += step;
      // The scroll event with the step, as a user's scroll arrives: the browser would send it only with the
      // next frame, and a virtual list that knows the position from its scroll events would meanwhile correct
      // it from a stale one (undoing the step).
      scroller.dispatchEvent(new Event('scroll'));
      scrolledPx += Math.abs(scroller.scrollTop - before);
      watched = null;
      if (rowSelector) {
        for (const row of scroller.querySelectorAll(rowSelector)) {
          const y = row.getBoundingClientRect().top - top;
          if (y >= 0) {
            watched = { row, y };
            break;
          }
        }
      }
    };
    const frame = (now) => {
      intervals.push(now - last);
      last = now;
      best = Math.max(best, ${opts.progress});
      // At the end of what is loaded the next page is on its way; stuckMs there means no more pages.
      const atEnd = step < 0
        ? scroller.scrollTop <= 0
        : scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      stuckSince = atEnd ? stuckSince || now : 0;
      if (best >= target || (stuckSince && now - stuckSince > stuckMs)) {
        resolve({ intervals: intervals.slice(1), scrolledPx, best, jumps });
        return;
      }
      stepOnce();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`)) as { intervals: number[]; scrolledPx: number; best: number; jumps: number[] };
  return {
    ...result,
    seconds: (performance.now() - started) / 1000,
    reached: result.best >= opts.target,
  };
}

/**
 * The frames' count, interval percentiles and longest, and how many (and what share) took over `overMs`;
 * `slackMs` more is allowed for the jitter of the frames' times (see `framesOver`).
 */
export function framesLine(intervals: number[], overMs: number, slackMs = 0) {
  const over = framesOver(intervals, overMs, slackMs);
  return (
    `${intervals.length} frames: p50 ${pct(intervals, 50).toFixed(1)} ms, ` +
    `p95 ${pct(intervals, 95).toFixed(1)} ms, p99 ${pct(intervals, 99).toFixed(1)} ms, ` +
    `max ${Math.max(...intervals).toFixed(1)} ms; frames over ${overMs.toFixed(0)} ms: ${over} (${((100 * over) / intervals.length).toFixed(2)} %)`
  );
}

/**
 * The frame intervals over `overMs` (+ `slackMs`). Frames start on the display's beats (16.7 ms apart at
 * 60 Hz), give or take a tenth of a millisecond: three beats, a frame that took at most 50 ms, can measure
 * 50.1 ms, while a frame over 50 ms measures 66.7 ms.
 */
export const framesOver = (intervals: number[], overMs: number, slackMs = 0) =>
  intervals.filter((x) => x > overMs + slackMs).length;

export const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
export const ms = (n: number) => `${n.toFixed(0)} ms`;
