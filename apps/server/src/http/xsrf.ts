// XSRF double-submit cookie: a readable XSRF-TOKEN cookie, echoed by the client in the
// X-XSRF-TOKEN header on every state-changing call. Login, refresh and webhooks are exempt: login and
// refresh carry their own secret in the body, webhooks are verified by signature. So are calls with an API
// token: a browser never adds one by itself, so a forged cross-site request cannot carry it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentsApiToken } from './access';
import { forbidden } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXEMPT = ['/api/v1/auth/login', '/api/v1/auth/refresh-token', '/webhooks/'];

const newToken = () => randomBytes(24).toString('base64url');

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const isExempt = (request: FastifyRequest) => {
  const path = request.url.split('?')[0] ?? '';
  return EXEMPT.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
};

/** Issues the cookie to clients that lack it and refuses state-changing calls without the matching header. */
export function registerXsrf(app: FastifyInstance, opts: { secureCookie: boolean }) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || isExempt(request) || presentsApiToken(request)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) throw forbidden('xsrf.invalid');
  });

  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // An integration calling with a token has no use for the cookie.
    if (path.startsWith('/webhooks/') || request.cookies[XSRF_COOKIE] || presentsApiToken(request)) return;
    reply.setCookie(XSRF_COOKIE, newToken(), {
      path: '/',
      sameSite: 'strict',
      secure: opts.secureCookie,
      httpOnly: false, // the web app must read it to echo it
    });
  });
}
