// The network of a component test: each call the screen makes is answered by a route of the map with a
// fixture typed by that route's answer, an error envelope, or nothing at all (the screen stays loading).
// A call no test answered fails the test (see setup.ts), so a screen cannot quietly read something new.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ResponseOf, RouteDef } from '@sabai/contracts';
import { API_BASE } from '../lib/config';

export const server = setupServer();

/** What a screen sent: its query parameters and its JSON body. */
export type SentRequest = { query: URLSearchParams; body: unknown; params: Record<string, string> };

/** What a route answers, as its contract declares it: a fixture that no longer fits fails to compile. */
export type Fixture<R extends RouteDef> = ResponseOf<R>;

/** The calls a route received, in order. */
export type Calls = SentRequest[];

const pathOf = (route: RouteDef): string => `*${API_BASE}${route.path}`;

function handle<R extends RouteDef>(
  route: R,
  respond: (request: SentRequest) => Response | Promise<Response>,
) {
  const calls: Calls = [];
  const method = route.method.toLowerCase() as Lowercase<RouteDef['method']>;
  server.use(
    http[method](pathOf(route), async ({ request, params }) => {
      const text = await request.text();
      const sent: SentRequest = {
        query: new URL(request.url).searchParams,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
      };
      calls.push(sent);
      return respond(sent);
    }),
  );
  return calls;
}

/**
 * Answers the route with a fixture of its answer type (or one made from what was sent); a route without
 * an answer body (204) takes `undefined`. Returns the calls it received.
 */
export function answer<const R extends RouteDef>(
  route: R,
  fixture: Fixture<R> | ((request: SentRequest) => Fixture<R>),
): Calls {
  return handle(route, (request) => {
    const body =
      typeof fixture === 'function' ? (fixture as (r: SentRequest) => Fixture<R>)(request) : fixture;
    return body === undefined
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json(body as JsonBodyType);
  });
}

/**
 * Answers the route with the API's error envelope and its details, if any (a status of 4xx or 500: the
 * client retries above 500).
 */
export function refuse(route: RouteDef, status: number, code: string, details?: JsonBodyType): Calls {
  return handle(route, () =>
    HttpResponse.json({ error: { code, message: code, ...(details ? { details } : {}) } }, { status }),
  );
}

/** Fails the route's calls as a lost connection does (fetch rejects). */
export function cutOff(route: RouteDef): Calls {
  return handle(route, () => HttpResponse.error());
}

/** Never answers the route: the screen shows what it shows while it waits. */
export function hold(route: RouteDef): Calls {
  return handle(route, () => new Promise<Response>(() => undefined));
}

/**
 * Answers the route with the fixture only once `release` is called: a screen can change meanwhile, as it
 * does when a live update arrives before the server's answer.
 */
export function answerLater<const R extends RouteDef>(
  route: R,
  fixture: Fixture<R>,
): { calls: Calls; release: () => void } {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const calls = handle(route, async () => {
    await released;
    return HttpResponse.json(fixture as JsonBodyType);
  });
  return { calls, release: () => release() };
}
