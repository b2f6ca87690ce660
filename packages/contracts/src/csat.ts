import { z } from 'zod';
import { CHANNEL_TYPES } from '@sabai/domain';
import { csvList } from './common';
import { ReportFilterOptionsSchema, ReportPeriodSchema, ReportQuerySchema } from './reports';

// Customer satisfaction. A channel may ask the customer to rate an issue once it is
// resolved-success or closed: a question with five buttons (1–5 stars), a thank-you that invites an optional
// comment. The answer is matched to the issue that asked, whatever the customer did meanwhile.

export const CSAT_RATINGS = [1, 2, 3, 4, 5] as const;
/** Ratings that count as satisfied in CSAT %. */
export const CSAT_SATISFIED_FROM = 4;

/** The longest question or thank-you a channel's survey takes. */
export const CSAT_TEXT_MAX = 500;
/** After a rating, the customer's next text within this many minutes is their comment. */
export const CSAT_COMMENT_WINDOW_MINUTES = 15;

const Text = z.string().trim().min(1).max(CSAT_TEXT_MAX);
const Localised = z.object({ en: Text, th: Text });

/** A channel's survey: on or off, and what the customer reads, in each language. */
export const CsatSettingsSchema = z.object({
  enabled: z.boolean(),
  question: Localised,
  thankYou: Localised,
});
export type CsatSettings = z.infer<typeof CsatSettingsSchema>;

/** What a new channel's survey says until an admin changes it. */
export const CSAT_DEFAULT_TEXTS = {
  question: {
    en: 'How satisfied are you with our help? Tap a rating from 1 (poor) to 5 stars (excellent).',
    th: 'คุณพึงพอใจกับการให้บริการของเราแค่ไหน? กดให้คะแนน 1 (ควรปรับปรุง) ถึง 5 ดาว (ดีมาก)',
  },
  thankYou: {
    en: 'Thank you for your rating! If you would like to tell us more, just reply with a message.',
    th: 'ขอบคุณสำหรับคะแนนค่ะ หากต้องการบอกอะไรเพิ่มเติม พิมพ์ตอบกลับมาได้เลย',
  },
} as const;

/** The survey of one issue, as its info panel shows it. */
export const IssueCsatSchema = z.object({
  sentAt: z.string(),
  rating: z.number().int().min(1).max(5).nullable(),
  ratedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type IssueCsat = z.infer<typeof IssueCsatSchema>;

/** The CSAT report's filters: the report period and channel/team filters, the agents and the ratings. */
export const CsatReportQuerySchema = ReportQuerySchema.omit({ compareFrom: true, compareTo: true }).extend({
  agent: csvList(z.uuid()).optional(),
  rating: csvList(z.coerce.number().int().min(1).max(5), 5).optional(),
  /** Only ratings with a comment. */
  withComment: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type CsatReportQuery = z.infer<typeof CsatReportQuerySchema>;

export const CsatExportQuerySchema = CsatReportQuerySchema.omit({ cursor: true, limit: true }).extend({
  format: z.enum(['csv', 'xlsx']),
  lang: z.enum(['en', 'th']).default('en'),
});
export type CsatExportQuery = z.infer<typeof CsatExportQuerySchema>;

/** One rating of the report. */
export const CsatRatingSchema = z.object({
  id: z.number(),
  issueId: z.number(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  ratedAt: z.string(),
  contactName: z.string(),
  channel: z.object({ id: z.string(), name: z.string(), type: z.enum(CHANNEL_TYPES) }),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type CsatRating = z.infer<typeof CsatRatingSchema>;

/**
 * Surveys sent in the period and ratings received in it, under the list's channel, team and agent filters
 * (not its rating and comment filters: the response rate and CSAT % stay the whole picture).
 */
export const CsatSummarySchema = z.object({
  sent: z.number(),
  responses: z.number(),
  /** Percent of surveys answered; null when none was sent. */
  responseRate: z.number().nullable(),
  /** Percent of ratings of 4 or 5; null without ratings. */
  csatPercent: z.number().nullable(),
  average: z.number().nullable(),
  /** How many ratings of each value, 1 to 5. */
  distribution: z.array(z.number()).length(5),
});
export type CsatSummary = z.infer<typeof CsatSummarySchema>;

export const CsatReportSchema = z.object({
  period: ReportPeriodSchema,
  summary: CsatSummarySchema,
  items: z.array(CsatRatingSchema),
  nextCursor: z.string().nullable(),
  options: ReportFilterOptionsSchema.extend({
    agents: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type CsatReport = z.infer<typeof CsatReportSchema>;
