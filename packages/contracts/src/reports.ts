import { z } from 'zod';
import { csvList } from './common';
import { CHANNEL_TYPES } from '@sabai/domain';

// Dashboard and performance reports. Periods are whole local days of the organisation's time zone.

/** The period, the optional compare period, and the channel and team filters of every report. */
export const ReportQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  compareFrom: z.iso.date().optional(),
  compareTo: z.iso.date().optional(),
  channel: csvList(z.uuid()).optional(),
  team: csvList(z.uuid()).optional(),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const REPORT_KINDS = ['channel', 'team', 'agent'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const ReportExportQuerySchema = ReportQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']),
  lang: z.enum(['en', 'th']).default('en'),
});
export type ReportExportQuery = z.infer<typeof ReportExportQuerySchema>;

const figure = z.number().nullable();

/** The figures of one period (seconds for times, percent for rates; null when there is nothing to divide). */
export const ReportMetricsSchema = z.object({
  issues: z.number(),
  resolved: z.number(),
  closed: z.number(),
  firstResponseSeconds: figure,
  firstResponseBusinessSeconds: figure,
  responseSeconds: figure,
  responseBusinessSeconds: figure,
  resolvedSeconds: figure,
  resolvedBusinessSeconds: figure,
  resolvedPerDay: figure,
  closeSuccessRate: figure,
  successRate: figure,
  conversionRate: figure,
  /** Satisfaction: ratings received in the period, percent of surveys sent in it that
   * were answered, percent rated 4–5, average rating. */
  csatResponses: z.number(),
  csatResponseRate: figure,
  csatPercent: figure,
  csatAverage: figure,
  /** Service levels: targets met and breached, percent met overall and per target. */
  slaMet: z.number(),
  slaBreached: z.number(),
  slaMetPercent: figure,
  slaFirstResponseMetPercent: figure,
  slaNextResponseMetPercent: figure,
  slaResolutionMetPercent: figure,
});
export type ReportMetricsDto = z.infer<typeof ReportMetricsSchema>;

/** Change in percent per figure, compare period → period. */
export const ReportChangeSchema = z.record(z.string(), figure);

export const ReportPeriodSchema = z.object({ from: z.iso.date(), to: z.iso.date() });

/** A period's figures beside the compare period's and the change (null without a compare period). */
export const ReportFiguresSchema = z.object({
  current: ReportMetricsSchema,
  previous: ReportMetricsSchema.nullable(),
  change: ReportChangeSchema.nullable(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Deleted from the organisation: shown as "Name (deleted)". */
  deleted: z.literal(true).optional(),
  resolved: z.number(),
  firstResponseSeconds: figure,
  successRate: figure,
});
export type ReportMember = z.infer<typeof ReportMemberSchema>;

/** One channel, team or agent of a report; `id` null gathers issues without team or agent. */
export const ReportRowSchema = ReportFiguresSchema.extend({
  id: z.uuid().nullable(),
  name: z.string(),
  /** An agent deleted from the organisation: shown as "Name (deleted)". */
  deleted: z.literal(true).optional(),
  channelType: z.enum(CHANNEL_TYPES).optional(),
  /** Team report: the team's three best members (most issues resolved, then fastest first response). */
  topMembers: z.array(ReportMemberSchema).optional(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportOptionSchema = z.object({ id: z.uuid(), name: z.string() });

/** The channels and teams the caller may filter by. */
export const ReportFilterOptionsSchema = z.object({
  channels: z.array(ReportOptionSchema.extend({ type: z.enum(CHANNEL_TYPES) })),
  teams: z.array(ReportOptionSchema),
});
export type ReportFilterOptions = z.infer<typeof ReportFilterOptionsSchema>;

export const PerformanceReportSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  period: ReportPeriodSchema,
  compare: ReportPeriodSchema.nullable(),
  total: ReportFiguresSchema,
  rows: z.array(ReportRowSchema),
  options: ReportFilterOptionsSchema,
});
export type PerformanceReport = z.infer<typeof PerformanceReportSchema>;

export const DaySeriesPointSchema = z.object({
  day: z.iso.date(),
  issues: z.number(),
  resolved: z.number(),
  closed: z.number(),
});
export type DaySeriesPoint = z.infer<typeof DaySeriesPointSchema>;

export const TagUsageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  colour: z.string(),
  issues: z.number(),
  previousIssues: z.number().nullable(),
});
export type TagUsage = z.infer<typeof TagUsageSchema>;

export const DashboardSchema = z.object({
  period: ReportPeriodSchema,
  compare: ReportPeriodSchema.nullable(),
  figures: ReportFiguresSchema,
  series: z.array(DaySeriesPointSchema),
  compareSeries: z.array(DaySeriesPointSchema).nullable(),
  topTags: z.array(TagUsageSchema),
  options: ReportFilterOptionsSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
