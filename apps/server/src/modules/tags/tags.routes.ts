import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SaveTagSchema,
  SetIssueTagsSchema,
  TagListQuerySchema,
  TagOptionListSchema,
  TagPageSchema,
  TagSchema,
} from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './tags.service';

const tags = ['tags'];
// Spec §2 /setting/tag: scope all. Tagging an issue is an `issue` update in the caller's issue scope.
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ access: { resource: 'tag', action, scopes: ['all'] } }) as const;
const Id = z.object({ id: z.uuid() });
const IssueParams = z.object({ id: z.coerce.number().int().positive() });

export async function tagRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tags',
    {
      schema: { tags, querystring: TagListQuerySchema, response: { 200: TagPageSchema } },
      config: can('view'),
    },
    async (req) => service.listTags(deps, authOf(req), req.query),
  );
  r.get(
    '/tags/options',
    {
      schema: {
        tags,
        querystring: z.object({ teamId: z.uuid().optional() }),
        response: { 200: TagOptionListSchema },
      },
      config: { access: { resource: 'issue', action: 'view' } },
    },
    async (req) => service.tagOptions(deps, authOf(req), req.query.teamId),
  );
  r.get(
    '/tags/:id',
    { schema: { tags, params: Id, response: { 200: TagSchema } }, config: can('view') },
    async (req) => service.getTag(deps, authOf(req), req.params.id),
  );
  r.post(
    '/tags',
    { schema: { tags, body: SaveTagSchema, response: { 201: TagSchema } }, config: can('create') },
    async (req, reply) => reply.status(201).send(await service.createTag(deps, authOf(req), req.body)),
  );
  r.put(
    '/tags/:id',
    {
      schema: { tags, params: Id, body: SaveTagSchema, response: { 200: TagSchema } },
      config: can('update'),
    },
    async (req) => service.updateTag(deps, authOf(req), req.params.id, req.body),
  );
  r.delete('/tags/:id', { schema: { tags, params: Id }, config: can('delete') }, async (req, reply) => {
    await service.deleteTag(deps, authOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.get(
    '/issues/:id/tags',
    {
      schema: { tags, params: IssueParams, response: { 200: TagOptionListSchema } },
      config: { access: { resource: 'issue', action: 'view' } },
    },
    async (req) => service.issueTags(deps, authOf(req), req.scope as Scope, req.params.id),
  );
  r.put(
    '/issues/:id/tags',
    {
      schema: { tags, params: IssueParams, body: SetIssueTagsSchema, response: { 200: TagOptionListSchema } },
      config: { access: { resource: 'issue', action: 'update' } },
    },
    async (req) =>
      service.setIssueTags(deps, authOf(req), req.scope as Scope, req.params.id, req.body.tagIds),
  );
}
