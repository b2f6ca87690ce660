import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CannedCategoryListQuerySchema,
  CannedCategoryPageSchema,
  CannedCategorySchema,
  CannedResponseListQuerySchema,
  CannedResponsePageSchema,
  CannedResponseSchema,
  SaveCannedCategorySchema,
  SaveCannedResponseSchema,
} from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './canned-responses.service';

const tags = ['canned-responses'];
// Spec §2 /setting/canned-response: scope all or myCanned.
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ access: { resource: 'canned_response', action, scopes: ['all', 'myCanned'] } }) as const;
const Id = z.object({ id: z.uuid() });

export async function cannedResponseRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/canned-categories',
    {
      schema: {
        tags,
        querystring: CannedCategoryListQuerySchema,
        response: { 200: CannedCategoryPageSchema },
      },
      config: can('view'),
    },
    async (req) => service.listCategories(deps, authOf(req), req.scope as Scope, req.query),
  );
  r.post(
    '/canned-categories',
    {
      schema: { tags, body: SaveCannedCategorySchema, response: { 201: CannedCategorySchema } },
      config: can('create'),
    },
    async (req, reply) =>
      reply.status(201).send(await service.createCategory(deps, authOf(req), req.scope as Scope, req.body)),
  );
  r.put(
    '/canned-categories/:id',
    {
      schema: { tags, params: Id, body: SaveCannedCategorySchema, response: { 200: CannedCategorySchema } },
      config: can('update'),
    },
    async (req) => service.updateCategory(deps, authOf(req), req.scope as Scope, req.params.id, req.body),
  );
  r.delete(
    '/canned-categories/:id',
    { schema: { tags, params: Id }, config: can('delete') },
    async (req, reply) => {
      await service.deleteCategory(deps, authOf(req), req.scope as Scope, req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/canned-responses',
    {
      schema: {
        tags,
        querystring: CannedResponseListQuerySchema,
        response: { 200: CannedResponsePageSchema },
      },
      config: can('view'),
    },
    async (req) => service.listResponses(deps, authOf(req), req.scope as Scope, req.query),
  );
  r.get(
    '/canned-responses/:id',
    { schema: { tags, params: Id, response: { 200: CannedResponseSchema } }, config: can('view') },
    async (req) => service.getResponse(deps, authOf(req), req.scope as Scope, req.params.id),
  );
  r.post(
    '/canned-responses',
    {
      schema: { tags, body: SaveCannedResponseSchema, response: { 201: CannedResponseSchema } },
      config: can('create'),
    },
    async (req, reply) =>
      reply.status(201).send(await service.createResponse(deps, authOf(req), req.scope as Scope, req.body)),
  );
  r.put(
    '/canned-responses/:id',
    {
      schema: { tags, params: Id, body: SaveCannedResponseSchema, response: { 200: CannedResponseSchema } },
      config: can('update'),
    },
    async (req) => service.updateResponse(deps, authOf(req), req.scope as Scope, req.params.id, req.body),
  );
  r.delete(
    '/canned-responses/:id',
    { schema: { tags, params: Id }, config: can('delete') },
    async (req, reply) => {
      await service.deleteResponse(deps, authOf(req), req.scope as Scope, req.params.id);
      return reply.status(204).send();
    },
  );
}
