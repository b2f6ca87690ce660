import { z } from 'zod';

// The AI first responder: per channel, opt-in. Outside business hours or for an
// issue nobody took after some minutes, the AI answers the customer from the knowledge base only, and hands
// over to people when asked, when unsure, after a few turns or on the admin's words.

/** When the first responder answers: outside the channel's business hours, on issues nobody took, or both. */
export const FIRST_RESPONDER_WHEN = ['outsideHours', 'unassigned', 'both'] as const;
export type FirstResponderWhen = (typeof FIRST_RESPONDER_WHEN)[number];

/** Why the first responder handed an issue to people (`aiFailed`: the model failed; the customer heard nothing). */
export const FIRST_RESPONDER_HAND_OVER_REASONS = [
  'askedForPerson',
  'handOverWord',
  'notConfident',
  'turnLimit',
  'aiFailed',
] as const;
export type FirstResponderHandOverReason = (typeof FIRST_RESPONDER_HAND_OVER_REASONS)[number];

/** AI answers to one issue; the customer's next message then goes to people. */
export const FIRST_RESPONDER_MAX_TURNS = 3;
export const FIRST_RESPONDER_MAX_WORDS = 30;

/** A channel's first responder; off until an admin turns it on (the organisation's feature must be on too). */
export const FirstResponderSettingsSchema = z.object({
  enabled: z.boolean(),
  when: z.enum(FIRST_RESPONDER_WHEN),
  /** With `unassigned` (or both): minutes an issue waits for an agent before the AI answers. */
  unassignedMinutes: z.number().int().min(1).max(1440),
  /** Words that make it hand over at once (besides asking for a person), matched like automation keywords. */
  handOverWords: z.array(z.string().trim().min(1).max(50)).max(FIRST_RESPONDER_MAX_WORDS),
  /** The least knowledge base relevance (searchArticles' score) an article needs to be material. */
  confidenceThreshold: z.number().min(0.05).max(0.95),
  /** Put before every AI message the customer gets, so they know it is automatic. */
  label: z.string().trim().min(1).max(100),
});
export type FirstResponderSettings = z.infer<typeof FirstResponderSettingsSchema>;

export const FIRST_RESPONDER_DEFAULTS: FirstResponderSettings = {
  enabled: false,
  when: 'outsideHours',
  unassignedMinutes: 10,
  handOverWords: [],
  confidenceThreshold: 0.3,
  label: '🤖 ข้อความอัตโนมัติ / Automatic reply:',
};

export const FirstResponderReportQuerySchema = z.object({ from: z.iso.date(), to: z.iso.date() });
export type FirstResponderReportQuery = z.infer<typeof FirstResponderReportQuerySchema>;

/** A period's first responder figures: issues it answered, handed over (by reason), and their CSAT. */
export const FirstResponderReportSchema = z.object({
  answeredIssues: z.number().int(),
  aiAnswers: z.number().int(),
  handedOver: z.number().int(),
  handedOverBy: z.record(z.enum(FIRST_RESPONDER_HAND_OVER_REASONS), z.number().int()),
  /** Surveys rated on issues the AI answered: how many, satisfied (4–5 stars), the share (null with none). */
  csat: z.object({
    responses: z.number().int(),
    satisfied: z.number().int(),
    percent: z.number().nullable(),
  }),
});
export type FirstResponderReport = z.infer<typeof FirstResponderReportSchema>;
