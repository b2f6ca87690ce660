// Request logs carry URLs, and some URLs carry secrets: the websocket's access token (browsers cannot set
// headers on a WebSocket), reset and invitation links, Meta's verify token, Facebook Login's code and state.
// Every request log line goes through these serializers, so no route has to remember it.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a secret, by name (decoded, case-insensitive). */
const SECRET_PARAM = /token|secret|passw|signature|^sig$|key|proof|^code$|^state$|auth/i;

export const REDACTED = '[redacted]';

/** `url` with the value of every secret query parameter replaced (names and order kept). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAM.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Paths pino blanks wherever a request or its headers are logged whole. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'headers.authorization',
  'headers.cookie',
];
