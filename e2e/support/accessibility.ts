// Accessibility basics (WCAG 2.2 AA) checked by axe-core on every screen state a journey shows: `snap` and
// `screenshot` call `scanOncePerState`. axe's own script is evaluated in the page rather than loaded through
// @axe-core/playwright, which is written for @playwright/test; evaluating (not a <script> tag) also keeps
// clear of the app's Content-Security-Policy.
import { createRequire } from 'node:module';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AxeResults, NodeResult, Result, RunOptions } from 'axe-core';
import { artifactsDir } from './paths';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The WCAG A/AA rules only: best practices and experimental rules are not the requirement, and leaving them
// out keeps a check at about 0.3 s on the journeys' 2 cores.
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
  // The app shows no frames of its own; without this axe waits on any frame for an answer it never gets.
  iframes: false,
};

const FAILING_IMPACTS = new Set(['serious', 'critical']);
const TARGETS_SHOWN = 3;

type ContrastData = {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
};

/** The states scanned in this run, one a line: global-setup empties it, files add to it one after the other. */
export const scannedStatesFile = join(artifactsDir, 'axe-scanned-states.txt');

/**
 * The screen state a picture shows: its name without the language (`inbox-list-desktop-th` is the state
 * `inbox-list-desktop`). The same state in the other language differs in its words only; a phone's
 * layout is another state.
 */
const stateOf = (pictureName: string): string => pictureName.replace(/-(en|th)$/, '');

/**
 * Runs axe on the page unless its state was scanned already in this run: a journey repeating a screen
 * (another path to it, the other language) adds a picture but not a scan.
 */
export async function scanOncePerState(page: Page, pictureName: string): Promise<void> {
  const state = stateOf(pictureName);
  const scanned = existsSync(scannedStatesFile) ? readFileSync(scannedStatesFile, 'utf8').split('\n') : [];
  if (scanned.includes(state)) return;
  await expectAccessible(page);
  appendFileSync(scannedStatesFile, `${state}\n`);
}

/** Runs axe on the page as it is and throws a readable list of its serious and critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // A document keeps axe until the page navigates: injected once per document, not once per check.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  let failing = await seriousViolations(page);
  // A live update can start an animation (the bell's count zooming in) while axe reads the colours: a
  // violation counts once a second look, after the animations, still finds it.
  if (failing.length > 0) failing = await seriousViolations(page);
  if (failing.length === 0) return;
  const lines = failing.map((violation) => {
    const shown = violation.nodes.slice(0, TARGETS_SHOWN).map((node) => `    - ${describeNode(node)}`);
    const more = violation.nodes.length - shown.length;
    return [
      `  ${violation.id} (${violation.impact}): ${violation.help}`,
      ...shown,
      ...(more > 0 ? [`    … and ${more} more`] : []),
    ].join('\n');
  });
  throw new Error(
    `axe found ${failing.length} serious/critical violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  );
}

async function seriousViolations(page: Page): Promise<Result[]> {
  // Colours read mid-transition (a menu item fading in, a pressed button's wave) are neither state's.
  await animationsSettled(page);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(options),
    RUN_OPTIONS,
  );
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/** The node's selector, with the colours and ratio of a contrast failure or else axe's first reason. */
function describeNode(node: NodeResult): string {
  const target = node.target.map(String).join(' >> ');
  const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as ContrastData | undefined;
  if (contrast?.contrastRatio) {
    return `${target}: ${contrast.fgColor} on ${contrast.bgColor} is ${contrast.contrastRatio}:1, needs ${contrast.expectedContrastRatio}`;
  }
  const reason = node.failureSummary?.split('\n')[1]?.trim();
  return reason ? `${target}: ${reason}` : target;
}

/** Resolves once every finite animation on the page has finished (endless ones, spinners, never do). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}
