import { z } from 'zod';

/** The one error envelope of every 4xx/5xx answer; `code` is what the web app translates. */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const UuidSchema = z.uuid();
export const EmptySchema = z.object({}).strict();
export const NoContentSchema = z.null().describe('No content');

// Query string fields. A list travels comma-separated; a flag as "true" or "false". Both accept the parsed
// value too, so a typed client passes string[] and boolean (see Wire in routes/call.ts).

/** A comma-separated list of `item`, at most `max` long ("" is the empty list). */
export const csvList = <T extends z.ZodType>(item: T, max = 50) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item).max(max));

/** "true" or "false" as a boolean. */
export const queryFlag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
