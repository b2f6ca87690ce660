import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChannelListSchema,
  ChannelSchema,
  CreateChannelSchema,
  MetaConnectionSchema,
  MetaLoginUrlSchema,
  UpdateChannelSchema,
} from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './channels.service';

const tags = ['channels'];
// Channel settings are for scope `all` (spec §2 /setting/channel).
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ access: { resource: 'channel', action, scopes: ['all'] } }) as const;
const Id = z.object({ id: z.uuid() });
// Every field optional and loosely typed: a malformed redirect is a failed login, not a 400 page.
const Param = z.string().max(2000).optional().catch(undefined);
const MetaCallbackQuery = z.object({ code: Param, state: Param, error: Param, error_reason: Param });

export async function channelRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/channels',
    { schema: { tags, response: { 200: ChannelListSchema } }, config: can('view') },
    async (req) => service.listChannels(deps, authOf(req)),
  );
  r.get(
    '/channels/:id',
    { schema: { tags, params: Id, response: { 200: ChannelSchema } }, config: can('view') },
    async (req) => service.getChannel(deps, authOf(req), req.params.id),
  );
  r.post(
    '/channels',
    { schema: { tags, body: CreateChannelSchema, response: { 201: ChannelSchema } }, config: can('create') },
    async (req, reply) => reply.status(201).send(await service.createChannel(deps, authOf(req), req.body)),
  );
  r.put(
    '/channels/:id',
    {
      schema: { tags, params: Id, body: UpdateChannelSchema, response: { 200: ChannelSchema } },
      config: can('update'),
    },
    async (req) => service.updateChannel(deps, authOf(req), req.params.id, req.body),
  );
  r.delete('/channels/:id', { schema: { tags, params: Id }, config: can('delete') }, async (req, reply) => {
    await service.deleteChannel(deps, authOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.get(
    '/channels/meta/login-url',
    { schema: { tags, response: { 200: MetaLoginUrlSchema } }, config: can('create') },
    async (req) => service.metaLoginUrl(deps, authOf(req)),
  );
  // The browser arrives here from Facebook's redirect, without a bearer token: the signed state proves who.
  // Whatever Facebook answers (a code, a cancel, anything unexpected), the browser goes back to the channel
  // settings screen, which tells the admin what happened in their language (issue 14 item 21).
  r.get(
    '/channels/meta/callback',
    { schema: { tags, querystring: MetaCallbackQuery }, config: { access: { public: true } } },
    async (req, reply) => reply.redirect(await service.completeMetaLogin(deps, req.query)),
  );
  r.get(
    '/channels/meta/connections/:id',
    { schema: { tags, params: Id, response: { 200: MetaConnectionSchema } }, config: can('create') },
    async (req) => service.getMetaConnection(deps, authOf(req), req.params.id),
  );
}
