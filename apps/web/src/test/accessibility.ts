// The axe check of the journeys (WCAG A/AA, serious and critical violations), run on a rendered screen.
// Rules that need a real layout engine cannot judge an emulated DOM and are left to the journeys.
import axe from 'axe-core';
import type { RunOptions } from 'axe-core';

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
  iframes: false,
  rules: {
    // Colours, sizes and what is on screen are computed by a browser's layout, which jsdom has not.
    'color-contrast': { enabled: false },
    'target-size': { enabled: false },
    'scrollable-region-focusable': { enabled: false },
  },
};

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe on the element (the whole document by default) and throws its serious and critical violations. */
export async function expectAccessible(element: Element = document.body): Promise<void> {
  const results = await axe.run(element, RUN_OPTIONS);
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  if (failing.length === 0) return;
  const lines = failing.map(
    (violation) =>
      `  ${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `    - ${node.target.map(String).join(' >> ')}`)
        .join('\n'),
  );
  throw new Error(`axe found ${failing.length} serious/critical violation(s):\n${lines.join('\n')}`);
}
