// The admin API under `/__admin`: JSON mirrors of the programmatic API, so the CLI (or any tool) can
// configure a running simulator, play customers, inject faults and read what happened
// (tools/simulator/README.md, "Admin API").
import type { z } from 'zod';
import { SimulatorError } from '../core/errors';
import type { AiOutcome, Platform } from '../core/records';
import { json, route } from '../http/router';
import type { Route, SimRequest, SimResponse } from '../http/router';
import type { AreaBehaviour } from '../http/server';
import type { Simulator } from '../simulator-api';
import type { DeliveryWait } from '../webhook/deliverer';
import {
  AdvanceBodySchema,
  AiAnswerBodySchema,
  AiFaultBodySchema,
  AiKeyBodySchema,
  AiModelBodySchema,
  AiStandingFaultBodySchema,
  CommentBodySchema,
  CommentsBodySchema,
  CopiesBodySchema,
  ConditionsBodySchema,
  FaultBodySchema,
  HumanAgentBodySchema,
  InstagramAccountConfigSchema,
  InstagramEventsBodySchema,
  LineChannelConfigSchema,
  LineEventsBodySchema,
  LineUserConfigSchema,
  LineChatConfigSchema,
  LineStandbyBodySchema,
  MessengerEventsBodySchema,
  MetaAppConfigSchema,
  MetaUserConfigSchema,
  PageConfigSchema,
  PublishBodySchema,
  QuotaBodySchema,
  RemoveCommentBodySchema,
  ResetBodySchema,
} from './schemas';

/** Admin errors: `{error:{code,message,issues?}}`. */
function adminError(status: number, code: string, message: string, issues?: unknown): SimResponse {
  return json(status, { error: issues === undefined ? { code, message } : { code, message, issues } });
}

/** How the admin area (and the CDN) answer what the dispatcher handles itself. */
export const adminArea: AreaBehaviour = {
  maxBodyBytes: 50 * 1024 * 1024,
  notFound: () => adminError(404, 'not_found', 'No such admin route; see tools/simulator/README.md'),
  tooLarge: () => adminError(413, 'too_large', 'Body too large'),
  internalError: (error) => {
    if (error instanceof SimulatorError) {
      const isMissing = error.code.startsWith('unknown_');
      return adminError(isMissing ? 404 : 400, error.code, error.message);
    }
    return adminError(500, 'internal', String(error));
  },
  fault: ({ status }) => adminError(status, 'fault', 'Simulated fault'),
  headers: () => ({}),
};

function parse<S extends z.ZodType>(schema: S, req: SimRequest): z.output<S> {
  const value = req.body.kind === 'json' ? req.body.value : req.body.kind === 'empty' ? {} : undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new AdminInputError(result.error.issues);
  return result.data;
}

class AdminInputError extends SimulatorError {
  constructor(readonly issues: unknown) {
    super('invalid_argument', 'Invalid body');
  }
}

/** `?wait=first` answers after the first attempt while retries go on. */
function waitOf(req: SimRequest): DeliveryWait {
  return req.query.get('wait') === 'first' ? 'first' : 'final';
}

function platformOf(value: string | null): Platform | undefined {
  return value === 'line' || value === 'meta' ? value : undefined;
}

function aiOutcomeOf(value: string | null): AiOutcome | undefined {
  const outcomes: readonly AiOutcome[] = ['completed', 'held', 'cut_off', 'abandoned'];
  return outcomes.find((outcome) => outcome === value);
}

/** All admin routes, bound to a simulator. */
export function adminRoutes(sim: Simulator): Route[] {
  const admin = (
    method: string,
    path: string,
    handle: (req: SimRequest) => SimResponse | Promise<SimResponse>,
  ) =>
    route(method, 'admin', `/__admin${path}`, async (req) => {
      try {
        return await handle(req);
      } catch (error) {
        if (error instanceof AdminInputError)
          return adminError(400, 'invalid_argument', error.message, error.issues);
        throw error;
      }
    });
  const ok = () => json(200, { ok: true });
  const channelId = (req: SimRequest) => req.params.channelId ?? '';

  return [
    admin('GET', '', () => json(200, sim.describe())),
    admin('POST', '/reset', (req) => {
      sim.reset(parse(ResetBodySchema, req));
      return ok();
    }),
    admin('POST', '/advance', (req) => json(200, { now: sim.advance(parse(AdvanceBodySchema, req).ms) })),

    admin('POST', '/line/channels', (req) => {
      sim.addLineChannel(parse(LineChannelConfigSchema, req));
      return ok();
    }),
    admin('POST', '/line/channels/:channelId/users', (req) => {
      sim.addLineUser(channelId(req), parse(LineUserConfigSchema, req));
      return ok();
    }),
    admin('POST', '/line/channels/:channelId/chats', (req) => {
      sim.addLineChat(channelId(req), parse(LineChatConfigSchema, req));
      return ok();
    }),
    admin('POST', '/line/channels/:channelId/standby', (req) => {
      const body = parse(LineStandbyBodySchema, req);
      sim.line.standby(channelId(req), body.chatId, body.inStandby);
      return ok();
    }),
    admin('POST', '/line/channels/:channelId/events', async (req) => {
      const body = parse(LineEventsBodySchema, req);
      return json(
        200,
        await sim.line.events(channelId(req), body.events, {
          reorder: body.reorder ?? false,
          heldUpMs: body.heldUpMs ?? 0,
          wait: waitOf(req),
        }),
      );
    }),
    admin('POST', '/line/channels/:channelId/verify', async (req) =>
      json(200, await sim.line.verify(channelId(req))),
    ),
    admin('PUT', '/line/channels/:channelId/duplicate-deliveries', (req) => {
      sim.line.duplicateDeliveries(channelId(req), parse(CopiesBodySchema, req).copies);
      return ok();
    }),
    admin('PUT', '/line/channels/:channelId/monthly-quota', (req) => {
      sim.line.setMonthlyQuota(channelId(req), parse(QuotaBodySchema, req).limit);
      return ok();
    }),
    admin('POST', '/line/fail-next', (req) => {
      const body = parse(FaultBodySchema, req);
      sim.line.failNext(
        body.count,
        body.fault,
        body.pathIncludes === undefined ? {} : { pathIncludes: body.pathIncludes },
      );
      return ok();
    }),

    admin('PUT', '/line/conditions', (req) => {
      sim.line.setConditions(parse(ConditionsBodySchema, req));
      return ok();
    }),

    admin('POST', '/meta/app', (req) => {
      sim.addMetaApp(parse(MetaAppConfigSchema, req));
      return ok();
    }),
    admin('POST', '/meta/pages', (req) => {
      sim.addPage(parse(PageConfigSchema, req));
      return ok();
    }),
    admin('POST', '/meta/instagram-accounts', (req) => {
      sim.addInstagramAccount(parse(InstagramAccountConfigSchema, req));
      return ok();
    }),
    admin('POST', '/meta/users', (req) => {
      sim.addMetaUser(parse(MetaUserConfigSchema, req));
      return ok();
    }),
    admin('POST', '/meta/verify-webhook', async () => json(200, { ok: await sim.meta.verifyWebhook() })),
    admin('POST', '/meta/messenger/events', async (req) => {
      const { events, ...options } = parse(MessengerEventsBodySchema, req);
      return json(200, await sim.messenger.events(events, { ...options, wait: waitOf(req) }));
    }),
    admin('POST', '/meta/instagram/events', async (req) => {
      const { events, ...options } = parse(InstagramEventsBodySchema, req);
      return json(200, await sim.instagram.events(events, { ...options, wait: waitOf(req) }));
    }),
    admin('POST', '/meta/posts', (req) => {
      const { accountId, ...options } = parse(PublishBodySchema, req);
      return json(200, sim.comments.publish(accountId, options));
    }),
    admin('POST', '/meta/comments', async (req) => {
      const { accountId, userId, postId, text, ...options } = parse(CommentBodySchema, req);
      return json(
        200,
        await sim.comments.comment(accountId, userId, postId, text, { ...options, wait: waitOf(req) }),
      );
    }),
    admin('POST', '/meta/comments/batch', async (req) => {
      const { accountId, items, ...options } = parse(CommentsBodySchema, req);
      return json(200, await sim.comments.comments(accountId, items, { ...options, wait: waitOf(req) }));
    }),
    admin('POST', '/meta/comments/remove', async (req) => {
      const { accountId, commentId } = parse(RemoveCommentBodySchema, req);
      return json(200, { delivery: await sim.comments.removeComment(accountId, commentId) });
    }),
    admin('GET', '/meta/comments/:commentId', (req) =>
      json(200, sim.comments.commentState(req.params.commentId ?? '')),
    ),
    admin('PUT', '/meta/duplicate-deliveries', (req) => {
      sim.meta.duplicateDeliveries(parse(CopiesBodySchema, req).copies);
      return ok();
    }),
    admin('PUT', '/meta/human-agent', (req) => {
      sim.meta.setHumanAgentApproved(parse(HumanAgentBodySchema, req).approved);
      return ok();
    }),
    admin('POST', '/meta/cancel-next-login', () => {
      sim.meta.cancelNextLogin();
      return ok();
    }),
    admin('POST', '/meta/fail-next', (req) => {
      const body = parse(FaultBodySchema, req);
      sim.meta.failNext(
        body.count,
        body.fault,
        body.pathIncludes === undefined ? {} : { pathIncludes: body.pathIncludes },
      );
      return ok();
    }),

    admin('PUT', '/meta/conditions', (req) => {
      sim.meta.setConditions(parse(ConditionsBodySchema, req));
      return ok();
    }),

    admin('POST', '/ai/keys', (req) => {
      sim.ai.addKey(parse(AiKeyBodySchema, req).key);
      return ok();
    }),
    admin('POST', '/ai/models', (req) => {
      sim.ai.addModel(parse(AiModelBodySchema, req).id);
      return ok();
    }),
    admin('POST', '/ai/answers', (req) => {
      const { match, reply } = parse(AiAnswerBodySchema, req);
      sim.ai.answer(match, reply);
      return ok();
    }),
    admin('DELETE', '/ai/answers', () => {
      sim.ai.clearAnswers();
      return ok();
    }),
    admin('POST', '/ai/fail-next', (req) => {
      const { count, fault, pathIncludes } = parse(AiFaultBodySchema, req);
      sim.ai.failNext(count, fault, pathIncludes === undefined ? {} : { pathIncludes });
      return ok();
    }),
    admin('POST', '/ai/fail-until-cleared', (req) => {
      const { fault, pathIncludes } = parse(AiStandingFaultBodySchema, req);
      sim.ai.failUntilCleared(fault, pathIncludes === undefined ? {} : { pathIncludes });
      return ok();
    }),
    admin('DELETE', '/ai/faults', () => {
      sim.ai.clearFaults();
      return ok();
    }),
    admin('PUT', '/ai/conditions', (req) => {
      sim.ai.setConditions(parse(ConditionsBodySchema, req));
      return ok();
    }),
    admin('GET', '/ai/requests', (req) => {
      const q = req.query;
      const outcome = aiOutcomeOf(q.get('outcome'));
      return json(
        200,
        sim.ai.requests({
          ...(outcome ? { outcome } : {}),
          ...(q.get('method') ? { method: q.get('method') ?? '' } : {}),
          ...(q.get('path') ? { path: q.get('path') ?? '' } : {}),
          ...(q.get('since') ? { since: Number(q.get('since')) } : {}),
        }),
      );
    }),

    admin('GET', '/calls', (req) => {
      const q = req.query;
      const platform = platformOf(q.get('platform'));
      return json(
        200,
        sim.calls({
          ...(platform ? { platform } : {}),
          ...(q.get('method') ? { method: q.get('method') ?? '' } : {}),
          ...(q.get('path') ? { path: q.get('path') ?? '' } : {}),
          ...(q.get('since') ? { since: Number(q.get('since')) } : {}),
        }),
      );
    }),
    admin('GET', '/deliveries', (req) => {
      const q = req.query;
      const platform = platformOf(q.get('platform'));
      const kind = q.get('kind');
      const isKind = kind === 'events' || kind === 'verification' || kind === 'echo' || kind === 'handshake';
      return json(
        200,
        sim.deliveries({
          ...(platform ? { platform } : {}),
          ...(isKind ? { kind } : {}),
          ...(q.get('accountId') ? { accountId: q.get('accountId') ?? '' } : {}),
        }),
      );
    }),
    admin('GET', '/outbox', (req) =>
      json(200, sim.outbox(req.query.get('accountId') ?? undefined, req.query.get('userId') ?? undefined)),
    ),
  ];
}
