import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { PROVINCES } from '@sabai/domain';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { sendDownload } from '../../http/download';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { authOf, scopeOf } from '../../http/access';
import * as service from './contacts.service';

const map = routes.contacts;

export async function contactRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit): the person's fields and identities,
  // read without counting as a view, and without their issues.
  const subject = auditedSubject(async (p, req) => {
    const { issues: _issues, ...contact } = await service.contactDetail(
      deps,
      authOf(req),
      scopeOf(req),
      p.id!,
      false,
    );
    return contact;
  });
  route(app, map.list, async (req) => service.listContacts(deps, authOf(req), scopeOf(req), req.query));
  route(app, map.provinces, async () => [...PROVINCES]);
  route(app, map.filterOptions, async (req) => service.filterOptions(deps, authOf(req), scopeOf(req)));
  route(app, map.audit, async (req) => service.auditLog(deps, authOf(req), req.query));
  route(app, map.exportList, async (req, reply) => {
    const file = await service.exportContacts(deps, authOf(req), scopeOf(req), req.query);
    const body = 'pipe' in file.body ? (file.body as Readable) : Readable.from(file.body);
    return sendDownload(reply, {
      format: req.query.format,
      filename: file.filename,
      body,
      headers: { 'x-total-count': String(file.total) },
    });
  });
  route(app, map.exportPerson, async (req, reply) => {
    const { id } = req.params;
    const file = await service.exportPerson(deps, authOf(req), scopeOf(req), id, req.query.lang);
    return sendDownload(reply, { format: 'zip', ...file });
  });
  route(app, map.get, async (req) => service.contactDetail(deps, authOf(req), scopeOf(req), req.params.id));
  route(
    app,
    map.update,
    async (req) => service.updateContact(deps, authOf(req), scopeOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.merge,
    async (req) => service.mergeContacts(deps, authOf(req), scopeOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.erase,
    async (req, reply) => {
      await service.eraseContact(deps, authOf(req), scopeOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteContacts(deps, authOf(req), scopeOf(req), [req.params.id]);
      return reply.status(204).send();
    },
    subject,
  );
  route(app, map.deleteMany, async (req, reply) => {
    await service.deleteContacts(deps, authOf(req), scopeOf(req), req.body.ids);
    return reply.status(204).send();
  });
}
