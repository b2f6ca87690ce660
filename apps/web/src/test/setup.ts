// Set-up of the components project: what antd needs of a browser that jsdom lacks, the typed network
// (an unanswered call fails the test), and a clean page, session and network after each test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clientHooks } from '../lib/api-client';
import { server } from './network';

// The app's people work in Thailand: dates and times show as they would in their browsers (UTC+7).
process.env.TZ = 'Asia/Bangkok';

// antd reads media queries (responsive grid, reduced motion) and observes sizes (tables, tabs, textareas).
window.matchMedia = (query: string): MediaQueryList =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;

window.ResizeObserver = class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// jsdom computes no pseudo-element styles and says so on the console: antd only asks for scrollbar sizes.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// The client waits 2 s × attempt before retrying a server error; a test need not.
clientHooks.sleep = () => Promise.resolve();
// A 401 ends the session by navigating to /, which jsdom cannot do.
clientHooks.onSessionEnd = () => undefined;

// The machine running the tests may be busy: a screen gets up to 5 s to show what a test waits for.
configure({ asyncUtilTimeout: 5_000 });

const unanswered: string[] = [];

beforeAll(() =>
  server.listen({
    onUnhandledFrame: async ({ frame, defaults }) => {
      unanswered.push(await frame.getUnhandledMessage());
      defaults.error();
    },
  }),
);

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  const calls = unanswered.splice(0);
  if (calls.length > 0) throw new Error(`The screen made calls no test answered:\n${calls.join('\n')}`);
});

afterAll(() => server.close());
