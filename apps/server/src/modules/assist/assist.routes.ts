import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf, scopeOf } from '../../http/access';
import { streamedAnswer } from '../../http/streamed-answer';
import * as service from './assist.service';

const map = routes.assist;

export async function assistRoutes(app: FastifyInstance, deps: Deps) {
  const callerOf = (req: Parameters<typeof authOf>[0], issueId: number) => ({
    deps,
    auth: authOf(req),
    scope: scopeOf(req),
    issueId,
  });

  route(app, map.features, async (req) => service.assistFeatures(deps, authOf(req)));

  route(app, map.suggest, async (req, reply) =>
    streamedAnswer(req, reply, (onDelta, signal) =>
      service.suggestReply(callerOf(req, req.params.id), { onDelta, signal }),
    ),
  );

  route(app, map.rewrite, async (req, reply) =>
    streamedAnswer(req, reply, (onDelta, signal) =>
      service.rewriteDraft(callerOf(req, req.params.id), req.body, { onDelta, signal }),
    ),
  );

  route(app, map.translate, async (req) => service.translate(callerOf(req, req.params.id), req.body));

  route(app, map.summary, async (req) => service.summarise(callerOf(req, req.params.id), req.body.language));

  route(app, map.tags, async (req) => service.suggestTags(callerOf(req, req.params.id)));
}
