// Request logs carry URLs, and some URLs carry secrets: the websocket's access token (browsers cannot set
// headers on a WebSocket), reset and invitation links, Meta's verify token, Facebook Login's code and state;
// others carry what an agent searched for (a customer's name, phone number or email). Errors carry the
// values of the statement that failed (drizzle appends a query's parameters to its message, PostgreSQL's
// detail repeats a duplicate key) and what a provider or SMTP server answered. Every log line goes through
// these serializers, so no route or service has to remember it (docs/operations.md "Logs").
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a secret, by name (decoded, case-insensitive). */
const SECRET_PARAM = /token|secret|passw|signature|^sig$|key|proof|^code$|^state$|auth/i;
/** Query parameters whose value may be personal data: free-text searches and contact fields. */
const PERSONAL_PARAM = /search|^q$|query|keyword|text|name|email|phone|mobile/i;

export const REDACTED = '[redacted]';

/** `url` with the value of every secret or personal query parameter replaced (names and order kept). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const decoded = safeDecode(name);
      const hidden = SECRET_PARAM.test(decoded) || PERSONAL_PARAM.test(decoded);
      return eq >= 0 && hidden ? `${name}=${REDACTED}` : pair;
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

/** Error properties worth logging: codes and names of things, never values or answers. */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'status',
  'statusCode',
  'retryable',
  'reason',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'responseCode',
  'command',
] as const;

const MAX_CAUSES = 5;

type ErrorLike = Error & Record<string, unknown>;
/** What pino writes for an `err` field (the shape Fastify's logger options ask of the serializer). */
export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };
const isErrorLike = (v: unknown): v is ErrorLike =>
  typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string';

/**
 * The `err` serializer: type, message and stack of the error and its causes, and the allowed fields of
 * the first, all without the values that failed (statement parameters, PostgreSQL's detail, email
 * addresses, a JSON text's opening, secret URL parameters).
 */
export function serializeError(err: unknown): SerializedError {
  if (!isErrorLike(err)) return { type: typeof err, message: scrubText(String(err)), stack: '' };
  const chain: ErrorLike[] = [];
  for (let e: unknown = err; isErrorLike(e) && chain.length < MAX_CAUSES && !chain.includes(e); e = e.cause)
    chain.push(e);
  const fields: Record<string, unknown> = {};
  for (const name of ERROR_FIELDS) {
    const value = err[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[name] = typeof value === 'string' ? scrubText(value) : value;
  }
  // drizzle's failed statement (placeholders only, the values are its `params`).
  if (typeof err.query === 'string') fields.query = err.query;
  return {
    type: err.constructor?.name || err.name,
    message: chain.map(safeMessage).join(': '),
    stack: chain.map(safeStack).join('\ncaused by: '),
    ...fields,
  };
}

/** An error's own message without the values it quotes. */
function safeMessage(err: ErrorLike): string {
  let message = err.message;
  // drizzle: "Failed query: <sql>\nparams: <values>".
  const params = 'params' in err ? message.indexOf('\nparams: ') : -1;
  if (params >= 0) message = `${message.slice(0, params)}\nparams: ${REDACTED}`;
  return scrubText(message);
}

/** The stack with its first line (name and message) made safe like the message. */
function safeStack(err: ErrorLike): string {
  const stack = typeof err.stack === 'string' ? err.stack : '';
  if (!err.message) return stack;
  const at = stack.indexOf(err.message);
  if (at >= 0) return `${stack.slice(0, at)}${safeMessage(err)}${stack.slice(at + err.message.length)}`;
  // A message that is not in the stack (changed after the error was made): keep only the frames.
  const frames = stack.indexOf('\n    at ');
  return frames >= 0 ? `${err.name}: ${safeMessage(err)}${stack.slice(frames)}` : safeMessage(err);
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
// PostgreSQL quotes the value it could not read; V8 quotes the opening of a text that is not JSON.
const QUOTED_INPUT = /(invalid input (?:syntax|value) for [\w ]+: )"[^]*?"(?=$|\n)/g;
const JSON_OPENING = /"[^]*?" is not valid JSON/g;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/g;

/** Free text (an error message) without email addresses, quoted input and secret URL parameters. */
export function scrubText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (url) => redactUrl(url))
    .replace(EMAIL, '[email]')
    .replace(QUOTED_INPUT, `$1"${REDACTED}"`)
    .replace(JSON_OPENING, `"${REDACTED}" is not valid JSON`);
}
