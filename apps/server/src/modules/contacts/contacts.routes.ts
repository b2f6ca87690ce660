import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactAuditPageSchema,
  ContactAuditQuerySchema,
  ContactDetailSchema,
  ContactExportQuerySchema,
  ContactFilterOptionsSchema,
  ContactListQuerySchema,
  ContactPageSchema,
  DeleteContactsSchema,
  MergeContactsSchema,
  PersonExportQuerySchema,
  ProvinceListSchema,
  UpdateContactSchema,
} from '@sabai/contracts';
import { PROVINCES, type Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './contacts.service';

const tags = ['contacts'];
// Spec §2 /contacts: scope all or myChannel.
const can = (action: 'view' | 'update' | 'delete') =>
  ({ access: { resource: 'contact', action, scopes: ['all', 'myChannel'] } }) as const;
// The audit log of personal data is for the organisation's admins: whoever may delete any contact.
const admin = { access: { resource: 'contact', action: 'delete', scopes: ['all'] } } as const;
const Id = z.object({ id: z.uuid() });
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function contactRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/contacts',
    {
      schema: { tags, querystring: ContactListQuerySchema, response: { 200: ContactPageSchema } },
      config: can('view'),
    },
    async (req) => service.listContacts(deps, authOf(req), req.scope as Scope, req.query),
  );
  r.get(
    '/contacts/provinces',
    { schema: { tags, response: { 200: ProvinceListSchema } }, config: can('view') },
    async () => [...PROVINCES],
  );
  r.get(
    '/contacts/filter-options',
    { schema: { tags, response: { 200: ContactFilterOptionsSchema } }, config: can('view') },
    async (req) => service.filterOptions(deps, authOf(req), req.scope as Scope),
  );
  r.get(
    '/contacts/audit',
    {
      schema: { tags, querystring: ContactAuditQuerySchema, response: { 200: ContactAuditPageSchema } },
      config: admin,
    },
    async (req) => service.auditLog(deps, authOf(req), req.query),
  );
  r.get(
    '/contacts/export',
    { schema: { tags, querystring: ContactExportQuerySchema }, config: can('view') },
    async (req, reply) => {
      const file = await service.exportContacts(deps, authOf(req), req.scope as Scope, req.query);
      const body = 'pipe' in file.body ? (file.body as Readable) : Readable.from(file.body);
      return reply
        .header('content-type', CONTENT_TYPES[req.query.format])
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-total-count', String(file.total))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  r.get(
    '/contacts/:id/export',
    { schema: { tags, params: Id, querystring: PersonExportQuerySchema }, config: can('view') },
    async (req, reply) => {
      const { id } = req.params;
      const file = await service.exportPerson(deps, authOf(req), req.scope as Scope, id, req.query.lang);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  r.get(
    '/contacts/:id',
    { schema: { tags, params: Id, response: { 200: ContactDetailSchema } }, config: can('view') },
    async (req) => service.contactDetail(deps, authOf(req), req.scope as Scope, req.params.id),
  );
  r.put(
    '/contacts/:id',
    {
      schema: { tags, params: Id, body: UpdateContactSchema, response: { 200: ContactDetailSchema } },
      config: can('update'),
    },
    async (req) => service.updateContact(deps, authOf(req), req.scope as Scope, req.params.id, req.body),
  );
  r.post(
    '/contacts/:id/merge',
    {
      schema: { tags, params: Id, body: MergeContactsSchema, response: { 200: ContactDetailSchema } },
      config: can('update'),
    },
    async (req) => service.mergeContacts(deps, authOf(req), req.scope as Scope, req.params.id, req.body),
  );
  r.post('/contacts/:id/erase', { schema: { tags, params: Id }, config: admin }, async (req, reply) => {
    await service.eraseContact(deps, authOf(req), req.scope as Scope, req.params.id);
    return reply.status(204).send();
  });
  r.delete('/contacts/:id', { schema: { tags, params: Id }, config: can('delete') }, async (req, reply) => {
    await service.deleteContacts(deps, authOf(req), req.scope as Scope, [req.params.id]);
    return reply.status(204).send();
  });
  r.post(
    '/contacts/delete',
    { schema: { tags, body: DeleteContactsSchema }, config: can('delete') },
    async (req, reply) => {
      await service.deleteContacts(deps, authOf(req), req.scope as Scope, req.body.ids);
      return reply.status(204).send();
    },
  );
}
