// The fake OpenAI-compatible model endpoint under `/openai/v1` (API reference: "Chat Completions", "Models"):
// what the official `openai` client calls with `baseURL: ${sim.url}/openai/v1`.
import type { Clock } from '../core/clock';
import { randomToken } from '../core/ids';
import { isObject } from '../core/is-object';
import { json, route } from '../http/router';
import type { Handler, Route, SimRequest, SimResponse } from '../http/router';
import { answerFor, streamPieces, usageOf } from './answers';
import { readChatRequest } from './chat-request';
import { OpenAiErrors, openAiError } from './openai-errors';
import type { AiModel, AiState } from './state';

/** Where the endpoint lives on the simulator's origin: the client's `baseURL` is the origin plus this. */
export const AI_BASE_PATH = '/openai/v1';

interface Deps {
  state: AiState;
  clock: Clock;
}

/** All routes of the model endpoint. */
export function aiApiRoutes(deps: Deps): Route[] {
  const { state } = deps;
  // Every call needs `Authorization: Bearer <a key added with ai.addKey>`.
  const authed =
    (handler: Handler): Handler =>
    (req) => {
      const key = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!key) return openAiError(401, OpenAiErrors.missingKey());
      if (!state.keys.has(key)) return openAiError(401, OpenAiErrors.invalidKey(key));
      return handler(req);
    };
  const at = (method: string, path: string, handler: Handler) =>
    route(method, 'ai', `${AI_BASE_PATH}${path}`, authed(handler));

  return [
    at('GET', '/models', () =>
      json(200, { object: 'list', data: [...state.models.values()].map(modelObject) }),
    ),
    at('GET', '/models/:model', (req) => {
      const model = state.models.get(req.params.model ?? '');
      return model
        ? json(200, modelObject(model))
        : openAiError(404, OpenAiErrors.modelNotFound(req.params.model ?? ''));
    }),
    at('POST', '/chat/completions', (req) => chatCompletion(deps, req)),
  ];
}

function modelObject(model: AiModel) {
  return { id: model.id, object: 'model', created: model.created, owned_by: 'sabai-simulator' };
}

/** One choice, whatever `n`: the answer as a `chat.completion`, or streamed as `chat.completion.chunk`s. */
function chatCompletion(deps: Deps, req: SimRequest): SimResponse {
  const read = readChatRequest(req.body);
  if ('error' in read) return openAiError(400, read.error);
  const { request } = read;
  if (!deps.state.models.has(request.model))
    return openAiError(404, OpenAiErrors.modelNotFound(request.model));

  const answer = answerFor(deps.state.answers, request);
  const usage = usageOf(request, answer);
  const head = {
    id: `chatcmpl-${randomToken(18)}`,
    created: Math.floor(deps.clock.now() / 1000),
    model: request.model,
  };
  if (!request.stream) {
    return json(200, {
      ...head,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage,
    });
  }

  // With `stream_options.include_usage`, every chunk carries `usage: null` and one more chunk, with no
  // choices, carries the usage before `[DONE]`.
  const includeUsage =
    isObject(request.body.stream_options) && request.body.stream_options.include_usage === true;
  const chunk = (choices: unknown[], chunkUsage: typeof usage | null = null) =>
    JSON.stringify({
      ...head,
      object: 'chat.completion.chunk',
      choices,
      ...(includeUsage ? { usage: chunkUsage } : {}),
    });
  const choice = (delta: Record<string, unknown>, finishReason: 'stop' | null) => ({
    index: 0,
    delta,
    logprobs: null,
    finish_reason: finishReason,
  });
  return {
    status: 200,
    events: [
      chunk([choice({ role: 'assistant', content: '', refusal: null }, null)]),
      ...streamPieces(answer).map((piece) => chunk([choice({ content: piece }, null)])),
      chunk([choice({}, 'stop')]),
      ...(includeUsage ? [chunk([], usage)] : []),
      '[DONE]',
    ],
  };
}
