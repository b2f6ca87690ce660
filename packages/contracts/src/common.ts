import { z } from 'zod';

/** The one error envelope of every 4xx/5xx answer; `code` is what the web app translates. */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const UuidSchema = z.uuid();
export const EmptySchema = z.object({}).strict();
export const NoContentSchema = z.null().describe('No content');
