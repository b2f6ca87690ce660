import { z } from 'zod';

// AI assist: each organisation may point Sabai at one OpenAI-compatible endpoint (hosted, or a
// local Ollama/vLLM) and choose which features use it and what personal data is taken out first. Off by
// default. The API key is write-only: answers say only whether one is saved. Attachments are never sent.

/** The features that call the model; each can be turned off on its own. */
export const AI_FEATURES = [
  'suggest',
  'rewrite',
  'translate',
  'summarise',
  'tags',
  'firstResponder',
] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

/** Personal data taken out of every message before it leaves (packages/domain redactPersonalData). */
export const AI_REDACTIONS = ['phone', 'email', 'nationalId'] as const;
export type AiRedaction = (typeof AI_REDACTIONS)[number];

/** How a request to the endpoint ended: answered, or the error code it failed with. */
export const AI_OUTCOMES = [
  'ok',
  'ai.timeout',
  'ai.rate_limited',
  'ai.auth_failed',
  'ai.unavailable',
  'ai.endpoint_private',
  'ai.cancelled',
] as const;
export type AiOutcome = (typeof AI_OUTCOMES)[number];

export const AI_TIMEOUT_SECONDS = { min: 1, max: 120, default: 30 } as const;
export const AI_BUDGET_MAX = 10_000_000;

const featureFlags = z.object(
  Object.fromEntries(AI_FEATURES.map((f) => [f, z.boolean()])) as Record<AiFeature, z.ZodBoolean>,
);
const redactionFlags = z.object(
  Object.fromEntries(AI_REDACTIONS.map((r) => [r, z.boolean()])) as Record<AiRedaction, z.ZodBoolean>,
);

/** An http or https base URL without credentials, e.g. `https://api.openai.com/v1`, `http://ollama:11434/v1`. */
export const AiBaseUrl = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/ }))
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'no credentials in the URL');

const Model = z.string().trim().min(1).max(200);
/** A key as typed; '' means none (local servers often need none). */
const ApiKey = z.string().trim().max(1000);
const TimeoutSeconds = z.number().int().min(AI_TIMEOUT_SECONDS.min).max(AI_TIMEOUT_SECONDS.max);

export const AiSettingsSchema = z.object({
  enabled: z.boolean(),
  /** '' until configured. */
  baseUrl: z.string(),
  model: z.string(),
  /** Whether a key is saved; the key itself is never sent back. */
  hasApiKey: z.boolean(),
  features: featureFlags,
  redact: redactionFlags,
  /** Requests per calendar month in the organisation's time zone; null: unlimited. */
  monthlyRequestBudget: z.number().int().nullable(),
  timeoutSeconds: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AiSettings = z.infer<typeof AiSettingsSchema>;

export const SaveAiSettingsSchema = z
  .object({
    enabled: z.boolean(),
    baseUrl: z.union([z.literal(''), AiBaseUrl]),
    model: z.union([z.literal(''), Model]),
    /** Omitted: keep the saved key; '' or null: remove it; otherwise the new key. */
    apiKey: ApiKey.nullable().optional(),
    features: featureFlags,
    redact: redactionFlags,
    monthlyRequestBudget: z.number().int().min(1).max(AI_BUDGET_MAX).nullable(),
    timeoutSeconds: TimeoutSeconds,
  })
  .refine((s) => !s.enabled || (s.baseUrl !== '' && s.model !== ''), {
    message: 'a base URL and a model are needed to turn AI on',
    path: ['baseUrl'],
  });
export type SaveAiSettings = z.input<typeof SaveAiSettingsSchema>;

/** Tries settings before (or without) saving them; nothing is stored. */
export const TestAiConnectionSchema = z.object({
  baseUrl: AiBaseUrl,
  model: Model,
  /** Omitted: the saved key; '' or null: no key. */
  apiKey: ApiKey.nullable().optional(),
  timeoutSeconds: TimeoutSeconds.default(AI_TIMEOUT_SECONDS.default),
});
export type TestAiConnection = z.input<typeof TestAiConnectionSchema>;

export const AiConnectionResultSchema = z.union([
  z.object({ ok: z.literal(true), latencyMs: z.number().int(), model: z.string() }),
  z.object({
    ok: z.literal(false),
    latencyMs: z.number().int(),
    code: z.enum(AI_OUTCOMES.filter((o) => o !== 'ok') as [Exclude<AiOutcome, 'ok'>]),
  }),
]);
export type AiConnectionResult = z.infer<typeof AiConnectionResultSchema>;

/** Requests this month against the budget. */
export const AiUsageSchema = z.object({
  /** The month, `yyyy-mm`, in the organisation's time zone. */
  month: z.string(),
  requests: z.number().int(),
  budget: z.number().int().nullable(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  /** When the next month starts (the meter starts again). */
  resetsAt: z.string(),
});
export type AiUsage = z.infer<typeof AiUsageSchema>;

export const AiRequestQuerySchema = z.object({
  feature: z.enum(AI_FEATURES).optional(),
  outcome: z.enum(AI_OUTCOMES).optional(),
  /** The id of the last request of the previous page. */
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AiRequestQuery = z.input<typeof AiRequestQuerySchema>;

/** One request to the endpoint: who, for what, how long, how it ended. Never any message text. */
export const AiRequestSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  issueId: z.number().int().nullable(),
  feature: z.enum(AI_FEATURES),
  model: z.string(),
  outcome: z.enum(AI_OUTCOMES),
  promptTokens: z.number().int().nullable(),
  completionTokens: z.number().int().nullable(),
  latencyMs: z.number().int(),
});
export type AiRequest = z.infer<typeof AiRequestSchema>;

export const AiRequestPageSchema = z.object({
  items: z.array(AiRequestSchema),
  nextCursor: z.number().int().nullable(),
});
export type AiRequestPage = z.infer<typeof AiRequestPageSchema>;
