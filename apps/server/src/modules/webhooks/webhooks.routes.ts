// Webhook endpoints (docs/architecture.md "Inbound"): verify the signature over the raw bytes, store the
// delivery durably, answer 200 fast. LINE gives up after 2 s; processing happens in the ingest worker.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toStorableText } from '@sabai/domain';
import { isValidLineSignature, isValidMetaSignature } from '../../channels';
import type { Deps } from '../../deps';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { enqueueInbound } from '../../platform/ingest-queue';
import type { Provider, WebhookRejection } from '../../platform/metrics';
import { lineWebhookSecret } from '../channels';

const open = { access: { public: true } } as const;
const tags = ['webhooks'];

export async function webhookRoutes(app: FastifyInstance, deps: Deps) {
  // Signatures are computed over the exact bytes: keep the body raw in this plugin.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every delivery's outcome, whichever step answered it (body limit, validation, signature, storage).
  app.addHook('onResponse', (req, reply, done) => {
    const provider = providerOfRoute(req.method, req.routeOptions.url);
    if (provider) {
      if (reply.statusCode === 200) deps.metrics.webhookAcknowledged(provider);
      else deps.metrics.webhookRejected(provider, rejectionOf(reply.statusCode));
    }
    done();
  });

  r.post(
    '/line/:channelId',
    { schema: { tags, params: z.object({ channelId: z.string().regex(/^\d{1,20}$/) }) }, config: open },
    async (req, reply) => {
      const raw = asBuffer(req.body);
      const secret = await lineWebhookSecret(deps, req.params.channelId);
      if (!secret) throw notFound('channel.not_found');
      if (!isValidLineSignature(raw, secret, header(req.headers['x-line-signature']))) {
        req.log.warn({ channelId: req.params.channelId }, 'LINE webhook refused: bad signature');
        throw unauthorized('webhook.invalid_signature');
      }
      // The console's "Verify" and connectivity checks carry no events: nothing to store.
      if (!isEmptyLineDelivery(raw))
        await enqueueInbound(deps.db, 'line', req.params.channelId, storableBody(raw));
      return reply.status(200).send({ ok: true });
    },
  );

  r.get(
    '/meta',
    {
      schema: {
        tags,
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().optional(),
        }),
      },
      config: open,
    },
    async (req, reply) => {
      const q = req.query;
      if (
        q['hub.mode'] !== 'subscribe' ||
        q['hub.verify_token'] !== deps.config.META_VERIFY_TOKEN ||
        !q['hub.challenge']
      ) {
        throw forbidden('webhook.verify_token_mismatch');
      }
      return reply.type('text/plain').send(q['hub.challenge']);
    },
  );

  r.post('/meta', { schema: { tags }, config: open }, async (req, reply) => {
    const raw = asBuffer(req.body);
    if (!isValidMetaSignature(raw, deps.config.META_APP_SECRET, header(req.headers['x-hub-signature-256']))) {
      req.log.warn('Meta webhook refused: bad signature');
      throw unauthorized('webhook.invalid_signature');
    }
    await enqueueInbound(deps.db, 'meta', null, storableBody(raw));
    return reply.status(200).send('EVENT_RECEIVED');
  });
}

/** The provider of a delivery route (POST); the Meta handshake (GET) is no delivery. */
function providerOfRoute(method: string, route: string | undefined): Provider | null {
  if (method !== 'POST') return null;
  if (route === '/webhooks/line/:channelId') return 'line';
  if (route === '/webhooks/meta') return 'meta';
  return null;
}

/** Why a delivery was refused, from its answer (the routes above answer each reason with its own status). */
function rejectionOf(status: number): WebhookRejection {
  if (status === 401) return 'invalid_signature';
  if (status === 404) return 'unknown_channel';
  if (status === 413) return 'too_large';
  if (status === 400 || status === 415) return 'invalid_request';
  if (status >= 500) return 'store_failed';
  return 'other';
}

// Verified against the exact bytes first; a raw NUL (never valid JSON text anyway) cannot be stored.
const storableBody = (raw: Buffer) => toStorableText(raw.toString('utf8'));
const asBuffer = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function isEmptyLineDelivery(raw: Buffer) {
  if (raw.length > 200) return false;
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as { events?: unknown[] };
    return Array.isArray(parsed.events) && parsed.events.length === 0;
  } catch {
    return false;
  }
}
