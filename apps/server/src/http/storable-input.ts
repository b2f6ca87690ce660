// The edge rule for text people send (docs/decisions/platform.md "Unstorable text"): a request whose query, path,
// JSON body or multipart file name holds a NUL or a lone surrogate is refused with 400
// `validation.invalid_text` before any route runs, so no route can forget it. Webhooks (raw bodies) are
// made storable by the inbound path instead: a customer's message is never refused.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasUnstorableText } from '@sabai/domain';
import { badRequest } from './errors';

const invalidText = () =>
  badRequest('validation.invalid_text', 'The text holds a character that cannot be stored');

/** Whether any string (or object key) inside `value` is unstorable. */
function holdsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasUnstorableText(value);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnstorable(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasUnstorableText(k) || holdsUnstorable(v, depth + 1));
}

/** Installs the guard on every route registered after it. */
export function registerStorableInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (holdsUnstorable(req.query) || holdsUnstorable(req.params) || holdsUnstorable(req.body))
      throw invalidText();
    if (req.isMultipart()) guardFileNames(req);
  });
}

/** Multipart file names are read inside the route: wrap `req.file` so the name is checked as it is read. */
function guardFileNames(req: FastifyRequest) {
  const file = req.file.bind(req);
  req.file = (async (...args: Parameters<typeof file>) => {
    const part = await file(...args);
    if (part && hasUnstorableText(part.filename)) {
      part.file.resume();
      throw invalidText();
    }
    return part;
  }) as typeof req.file;
}
