import { z } from 'zod';
import { TEXT_LANGUAGES } from '@sabai/domain';

// Agent assist: the model helps the agent in the composer. Every answer is a draft the agent
// edits and sends themselves; nothing here sends a message.

export const TextLanguageSchema = z.enum(TEXT_LANGUAGES);

/** Which assist actions the caller's organisation has switched on (all false while AI assist is off). */
export const AssistFeaturesSchema = z.object({
  suggest: z.boolean(),
  rewrite: z.boolean(),
  translate: z.boolean(),
  summarise: z.boolean(),
  tags: z.boolean(),
});
export type AssistFeatures = z.infer<typeof AssistFeaturesSchema>;

export const REWRITE_STYLES = ['polite', 'shorter', 'friendlier'] as const;

const Draft = z.string().trim().min(1).max(5000);

export const RewriteRequestSchema = z.object({ draft: Draft, style: z.enum(REWRITE_STYLES) });

/**
 * A text to translate: a customer's message (by id, into `to` or the reader's language) or the agent's
 * draft (into `to` or the customer's language).
 */
export const TranslateRequestSchema = z.union([
  z.object({ messageId: z.number().int().positive(), to: TextLanguageSchema }),
  z.object({ text: Draft, to: TextLanguageSchema.optional() }),
]);

export const TranslationSchema = z.object({
  text: z.string(),
  /** The language of the text translated, when it has letters. */
  from: TextLanguageSchema.nullable(),
  to: TextLanguageSchema,
});
export type Translation = z.infer<typeof TranslationSchema>;

export const SummaryRequestSchema = z.object({ language: z.enum(['th', 'en']) });
export const SummarySchema = z.object({ text: z.string() });

export const SuggestedTagsSchema = z.object({
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
});

/**
 * One line of a streamed answer (application/x-ndjson): pieces of text as the model writes them, then
 * `done` with the whole text, or `error` with a code when it failed after the first piece (before it, the
 * call answers an ordinary error).
 */
export const AssistStreamLineSchema = z.union([
  z.object({ delta: z.string() }),
  z.object({ done: z.literal(true), text: z.string() }),
  z.object({ error: z.object({ code: z.string() }) }),
]);
export type AssistStreamLine = z.infer<typeof AssistStreamLineSchema>;
