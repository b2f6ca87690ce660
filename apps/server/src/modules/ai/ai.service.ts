// AI assist: the organisation's endpoint settings, the one call every AI feature makes
// (completeWithAi: refusals, redaction, budget, timeout, error codes, the request log) and the admin's
// test, meter and log. Message text never reaches the log, the database or the server's own log lines.
import { createHash } from 'node:crypto';
import {
  AI_FEATURES,
  type AiConnectionResult,
  type AiFeature,
  type AiOutcome,
  type AiRequestPage,
  type AiRequestQuerySchema,
  type AiSettings,
  type AiUsage,
  type SaveAiSettingsSchema,
  type TestAiConnectionSchema,
} from '@sabai/contracts';
import { localTime, redactPersonalData, startOfLocalDay, type PersonalDataKind } from '@sabai/domain';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, badRequest } from '../../http/errors';
import { destinationProblem } from '../../platform/guarded-fetch';
import type { AuthContext } from '../../ports';
import { organizationTimeZone } from '../organizations';
import { failureOf, openAiFor, type Endpoint, type Failure } from './ai.client';
import * as repo from './ai.repo';

export type { AiFeature };
/** One chat message as features write it; its content is redacted per the data rules before it leaves. */
export type AiMessage = { role: 'system' | 'user' | 'assistant'; content: string };

type SaveInput = z.output<typeof SaveAiSettingsSchema>;
type TestInput = z.output<typeof TestAiConnectionSchema>;
type RequestQuery = z.output<typeof AiRequestQuerySchema>;

/** Features on when AI is first turned on: all but the first responder, which answers customers itself. */
const DEFAULT_FEATURES: readonly AiFeature[] = AI_FEATURES.filter((f) => f !== 'firstResponder');
const DEFAULT_TIMEOUT_SECONDS = 30;
/** The test connection's question and answer length: as small as a request gets. */
const TEST_MAX_TOKENS = 5;

// ---------------------------------------------------------------------------------------------------------
// The call

/**
 * Sends `messages` to the organisation's model endpoint for `feature` and returns the answer's text and
 * token counts; the one way any feature reaches a model.
 *
 * Before anything leaves it refuses (AppError, nothing sent, nothing logged) when AI is off
 * (`ai.disabled`), the feature is off (`ai.feature_off`), no endpoint URL or model is set
 * (`ai.not_configured`), or the month's request budget is used up (`ai.over_budget`, counted from the request
 * log in the organisation's time zone). Every message's content then has the personal data the settings
 * name replaced by placeholders. With `onDelta` the answer is streamed and each piece passed to it in order
 * (their concatenation is `text`); `signal` cancels the request (`ai.cancelled`). Failures throw AppError:
 * `ai.timeout` (the settings' timeout, for the whole exchange), `ai.rate_limited` (details.retryAfterSeconds
 * when the endpoint gave one), `ai.auth_failed` (401/403), `ai.endpoint_private` (a private address while
 * AI_ENDPOINT_ALLOW_PRIVATE is off) and `ai.unavailable` (anything else). Each request sent is logged in
 * ai_requests (who, organisation, issue, feature, model, tokens, latency, outcome), never with its text.
 */
export async function completeWithAi(
  deps: Deps,
  request: {
    organizationId: string;
    userId: string | null;
    issueId: number | null;
    feature: AiFeature;
    messages: AiMessage[];
    maxTokens?: number;
    temperature?: number;
    /** When given, the answer is streamed and each piece passed here. */
    onDelta?: (text: string) => void;
    /** The caller (e.g. a closed HTTP request) can cancel. */
    signal?: AbortSignal;
  },
): Promise<{ text: string; promptTokens: number | null; completionTokens: number | null }> {
  const settings = await repo.findSettings(deps.db.orm, request.organizationId);
  if (!settings?.enabled) throw new AppError(409, 'ai.disabled', 'AI assist is turned off.');
  if (!settings.features.includes(request.feature))
    throw new AppError(409, 'ai.feature_off', 'This AI feature is turned off.');
  if (!settings.baseUrl || !settings.model)
    throw new AppError(409, 'ai.not_configured', 'No AI endpoint or model is set.');
  if (settings.monthlyRequestBudget !== null) {
    const { from } = await currentMonth(deps, request.organizationId);
    const used = await repo.usageSince(deps.db.orm, request.organizationId, from);
    if (used.requests >= settings.monthlyRequestBudget)
      throw new AppError(429, 'ai.over_budget', "This month's AI request budget is used up.");
  }
  if (request.signal?.aborted) throw cancelledError();

  const kinds = redactedKinds(settings);
  const messages = request.messages.map((m) => ({
    role: m.role,
    content: kinds.length ? redactPersonalData(m.content, kinds).text : m.content,
  }));
  const endpoint = endpointOf(deps, settings);
  const started = performance.now();
  const result = await send(deps, endpoint, {
    messages,
    maxTokens: request.maxTokens,
    temperature: request.temperature,
    onDelta: request.onDelta,
    signal: request.signal,
  });
  const latencyMs = Math.round(performance.now() - started);
  await repo.insertRequest(deps.db.orm, {
    organizationId: request.organizationId,
    userId: request.userId,
    issueId: request.issueId,
    feature: request.feature,
    model: endpoint.model,
    outcome: result.ok ? 'ok' : result.failure.outcome,
    promptTokens: result.ok ? result.promptTokens : null,
    completionTokens: result.ok ? result.completionTokens : null,
    latencyMs,
    createdAt: deps.clock.now(),
  });
  if (!result.ok) {
    // The code only: the endpoint's message may quote the prompt.
    deps.logger.warn(
      { organizationId: request.organizationId, feature: request.feature, outcome: result.failure.outcome },
      'AI request failed',
    );
    throw errorOf(result.failure);
  }
  return { text: result.text, promptTokens: result.promptTokens, completionTokens: result.completionTokens };
}

type Sent =
  | { ok: true; text: string; model: string; promptTokens: number | null; completionTokens: number | null }
  | { ok: false; failure: Failure };

/** One request to the endpoint, never throwing: the answer, or what went wrong. */
async function send(
  deps: Deps,
  endpoint: Endpoint,
  request: {
    messages: AiMessage[];
    maxTokens?: number | undefined;
    temperature?: number | undefined;
    onDelta?: ((text: string) => void) | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<Sent> {
  const state = { timedOut: false, cancelled: false };
  const controller = new AbortController();
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort();
  }, endpoint.timeoutMs);
  const cancel = () => {
    state.cancelled = true;
    controller.abort();
  };
  request.signal?.addEventListener('abort', cancel, { once: true });
  const client = openAiFor(deps, endpoint);
  const body = {
    model: endpoint.model,
    messages: request.messages,
    ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
  try {
    if (!request.onDelta) {
      const answer = await client.chat.completions.create(body, { signal: controller.signal });
      return {
        ok: true,
        text: answer.choices[0]?.message.content ?? '',
        model: answer.model,
        promptTokens: answer.usage?.prompt_tokens ?? null,
        completionTokens: answer.usage?.completion_tokens ?? null,
      };
    }
    const stream = await client.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal: controller.signal },
    );
    let text = '';
    let model = endpoint.model;
    let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
    for await (const chunk of stream) {
      if (chunk.model) model = chunk.model;
      if (chunk.usage) usage = chunk.usage;
      const delta = chunk.choices[0]?.delta.content;
      if (delta) {
        text += delta;
        request.onDelta(delta);
      }
    }
    return {
      ok: true,
      text,
      model,
      promptTokens: usage?.prompt_tokens ?? null,
      completionTokens: usage?.completion_tokens ?? null,
    };
  } catch (err) {
    return { ok: false, failure: failureOf(err, state) };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
}

const cancelledError = () => new AppError(499, 'ai.cancelled', 'The AI request was cancelled.');

/** The error a caller gets for a failed request. */
function errorOf(failure: Failure): AppError {
  const messages: Record<Failure['outcome'], [number, string]> = {
    'ai.timeout': [504, 'The AI endpoint took too long to answer.'],
    'ai.rate_limited': [429, 'The AI endpoint is rate limiting requests.'],
    'ai.auth_failed': [502, 'The AI endpoint refused the API key.'],
    'ai.endpoint_private': [502, 'The AI endpoint is on a private address, which is not allowed.'],
    'ai.unavailable': [502, 'The AI endpoint could not be reached or failed.'],
    'ai.cancelled': [499, 'The AI request was cancelled.'],
  };
  const [status, message] = messages[failure.outcome];
  return new AppError(
    status,
    failure.outcome,
    message,
    failure.retryAfterSeconds === undefined ? undefined : { retryAfterSeconds: failure.retryAfterSeconds },
  );
}

/**
 * The features an organisation's members may use now: none while AI is off or has no endpoint or model (the
 * composer hides its actions); a used-up budget still lists them (the call says so, with its own notice).
 */
export async function enabledFeaturesOf(deps: Deps, organizationId: string): Promise<AiFeature[]> {
  const settings = await repo.findSettings(deps.db.orm, organizationId);
  if (!settings?.enabled || !settings.baseUrl || !settings.model) return [];
  return settings.features.filter((f): f is AiFeature => (AI_FEATURES as readonly string[]).includes(f));
}

function redactedKinds(settings: repo.SettingsRow): PersonalDataKind[] {
  const kinds: PersonalDataKind[] = [];
  if (settings.redactPhone) kinds.push('phone');
  if (settings.redactEmail) kinds.push('email');
  if (settings.redactNationalId) kinds.push('nationalId');
  return kinds;
}

function endpointOf(deps: Deps, settings: repo.SettingsRow): Endpoint {
  return {
    baseUrl: settings.baseUrl,
    model: settings.model,
    apiKey: settings.apiKeyEncrypted ? deps.cipher.decrypt(settings.apiKeyEncrypted) : null,
    timeoutMs: settings.timeoutSeconds * 1000,
  };
}

/** The calendar month now in the organisation's time zone: its start and the next one's. */
async function currentMonth(deps: Deps, organizationId: string) {
  const timeZone = await organizationTimeZone(deps.db.orm, organizationId);
  const [year, month] = localTime(deps.clock.now(), timeZone).date.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  return {
    month: `${year}-${pad(month)}`,
    from: new Date(startOfLocalDay(`${year}-${pad(month)}-01`, timeZone)),
    to: new Date(startOfLocalDay(`${next[0]}-${pad(next[1]!)}-01`, timeZone)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Settings

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

function present(row: repo.SettingsRow | null): AiSettings {
  const features = row?.features ?? DEFAULT_FEATURES;
  return {
    enabled: row?.enabled ?? false,
    baseUrl: row?.baseUrl ?? '',
    model: row?.model ?? '',
    hasApiKey: !!row?.apiKeyEncrypted,
    features: Object.fromEntries(AI_FEATURES.map((f) => [f, features.includes(f)])) as AiSettings['features'],
    redact: {
      phone: row?.redactPhone ?? true,
      email: row?.redactEmail ?? true,
      nationalId: row?.redactNationalId ?? true,
    },
    monthlyRequestBudget: row?.monthlyRequestBudget ?? null,
    timeoutSeconds: row?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getSettings(deps: Deps, auth: AuthContext): Promise<AiSettings> {
  return present(await repo.findSettings(deps.db.orm, auth.organizationId));
}

/**
 * The settings as the audit trail compares them: the key as a fingerprint under a secret-named field, so
 * the trail shows that it changed (masked) and never its value.
 */
export async function auditedSettings(deps: Deps, auth: AuthContext) {
  const row = await repo.findSettings(deps.db.orm, auth.organizationId);
  const { hasApiKey: _, ...settings } = present(row);
  const apiKey = row?.apiKeyEncrypted
    ? createHash('sha256').update(deps.cipher.decrypt(row.apiKeyEncrypted)).digest('hex')
    : null;
  return { ...settings, apiKey };
}

/**
 * The saved key stays with the endpoint's origin: a key typed in replaces it, '' or null removes it, and
 * moving the endpoint to another origin without typing one removes it too (the saved key never leaves for
 * an address its owner did not type it for).
 */
function keyAfter(
  deps: Deps,
  current: repo.SettingsRow | null,
  baseUrl: string,
  typed: string | null | undefined,
) {
  if (typed !== undefined) return typed ? typed : null;
  if (!current?.apiKeyEncrypted || originOf(current.baseUrl) !== originOf(baseUrl)) return null;
  return deps.cipher.decrypt(current.apiKeyEncrypted);
}

export async function saveSettings(deps: Deps, auth: AuthContext, input: SaveInput): Promise<AiSettings> {
  const current = await repo.findSettings(deps.db.orm, auth.organizationId);
  const baseUrl = input.baseUrl.replace(/\/+$/, '');
  if (baseUrl && baseUrl !== current?.baseUrl) await assertDestination(deps, baseUrl);
  const key = keyAfter(deps, current, baseUrl, input.apiKey);
  await repo.saveSettings(deps.db.orm, auth.organizationId, {
    enabled: input.enabled,
    baseUrl,
    model: input.model,
    // Sealed again only when it changed: an unchanged key keeps its stored form.
    apiKeyEncrypted:
      key === null
        ? null
        : current?.apiKeyEncrypted && deps.cipher.decrypt(current.apiKeyEncrypted) === key
          ? current.apiKeyEncrypted
          : deps.cipher.encrypt(key),
    features: AI_FEATURES.filter((f) => input.features[f]),
    redactPhone: input.redact.phone,
    redactEmail: input.redact.email,
    redactNationalId: input.redact.nationalId,
    monthlyRequestBudget: input.monthlyRequestBudget,
    timeoutSeconds: input.timeoutSeconds,
    updatedBy: auth.userId,
    updatedAt: deps.clock.now(),
  });
  return getSettings(deps, auth);
}

/** 400 ai.endpoint_private unless the operator allows private addresses or the URL's host is public. */
async function assertDestination(deps: Deps, url: string) {
  const problem = await destinationProblem(url, {
    allowHttp: true,
    allowPrivateAddresses: deps.config.AI_ENDPOINT_ALLOW_PRIVATE,
  });
  if (problem === 'private')
    throw badRequest('ai.endpoint_private', 'The endpoint is on a private, loopback or link-local address.');
  // A name that does not resolve now is the operator's to fix; every request is checked again anyway.
  if (problem && problem !== 'unresolvable')
    throw badRequest('validation.failed', 'Enter an http or https URL without credentials.');
}

/**
 * Sends a tiny request with the given settings (the saved key, when the endpoint keeps its origin and no
 * key is typed) and reports how it went. Stores nothing, logs nothing and needs AI neither on nor saved.
 */
export async function testConnection(
  deps: Deps,
  auth: AuthContext,
  input: TestInput,
): Promise<AiConnectionResult> {
  const current = await repo.findSettings(deps.db.orm, auth.organizationId);
  const baseUrl = input.baseUrl.replace(/\/+$/, '');
  const endpoint: Endpoint = {
    baseUrl,
    model: input.model,
    apiKey: keyAfter(deps, current, baseUrl, input.apiKey),
    timeoutMs: input.timeoutSeconds * 1000,
  };
  const started = performance.now();
  const result = await send(deps, endpoint, {
    messages: [{ role: 'user', content: 'ping' }],
    maxTokens: TEST_MAX_TOKENS,
  });
  const latencyMs = Math.round(performance.now() - started);
  if (result.ok) return { ok: true, latencyMs, model: result.model };
  return { ok: false, latencyMs, code: result.failure.outcome };
}

// ---------------------------------------------------------------------------------------------------------
// Meter and log

export async function getUsage(deps: Deps, auth: AuthContext): Promise<AiUsage> {
  const month = await currentMonth(deps, auth.organizationId);
  const [settings, used] = await Promise.all([
    repo.findSettings(deps.db.orm, auth.organizationId),
    repo.usageSince(deps.db.orm, auth.organizationId, month.from),
  ]);
  return {
    month: month.month,
    requests: used.requests,
    budget: settings?.monthlyRequestBudget ?? null,
    promptTokens: used.promptTokens,
    completionTokens: used.completionTokens,
    resetsAt: month.to.toISOString(),
  };
}

export async function listRequests(deps: Deps, auth: AuthContext, q: RequestQuery): Promise<AiRequestPage> {
  const rows = await repo.listRequests(deps.db.orm, auth.organizationId, {
    ...(q.feature ? { feature: q.feature } : {}),
    ...(q.outcome ? { outcome: q.outcome } : {}),
    ...(q.cursor ? { before: q.cursor } : {}),
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      at: new Date(r.createdAt).toISOString(),
      userId: r.userId,
      userName: r.userName,
      issueId: r.issueId === null ? null : Number(r.issueId),
      feature: r.feature as AiFeature,
      model: r.model,
      outcome: r.outcome as AiOutcome,
      promptTokens: r.promptTokens,
      completionTokens: r.completionTokens,
      latencyMs: r.latencyMs,
    })),
    nextCursor: rows.length > q.limit ? Number(page.at(-1)!.id) : null,
  };
}
