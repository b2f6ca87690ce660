// The satisfaction report's own filters beside the period, channel and team the other
// reports share: the agent, the rating and "with a comment only"; how the address keeps them and the query
// GET /reports/csat and its export take.
import { CSAT_RATINGS } from '@sabai/contracts';
import { periodOf, type ReportControls } from './report-period';

export type CsatRatingValue = (typeof CSAT_RATINGS)[number];

export type CsatFilters = {
  agent: string | null;
  rating: CsatRatingValue | null;
  /** Only the ratings that came with a comment. */
  withComment: boolean;
};

export const NO_CSAT_FILTERS: CsatFilters = { agent: null, rating: null, withComment: false };

/** The address keys these filters use (the shared controls keep theirs). */
export const CSAT_FILTER_KEYS = ['agent', 'rating', 'withComment'] as const;

/** The list's and the export's filters (without the page's cursor and size). */
export type CsatFilterQuery = {
  from: string;
  to: string;
  channel?: string[];
  team?: string[];
  agent?: string[];
  rating?: number[];
  withComment?: 'true';
};

/** The query of the controls and filters: what is not set is left out. */
export function csatQuery(controls: ReportControls, filters: CsatFilters, today: string): CsatFilterQuery {
  const period = periodOf(controls, today);
  return {
    from: period.from,
    to: period.to,
    ...(controls.channel ? { channel: [controls.channel] } : {}),
    ...(controls.team ? { team: [controls.team] } : {}),
    ...(filters.agent ? { agent: [filters.agent] } : {}),
    ...(filters.rating ? { rating: [filters.rating] } : {}),
    ...(filters.withComment ? { withComment: 'true' as const } : {}),
  };
}

/** The filters as the address's query, only those set. */
export function csatFilterParams(filters: CsatFilters): Record<string, string> {
  return {
    ...(filters.agent ? { agent: filters.agent } : {}),
    ...(filters.rating ? { rating: String(filters.rating) } : {}),
    ...(filters.withComment ? { withComment: 'true' } : {}),
  };
}

/** The filters an address describes; what it cannot read is left unset, never an error. */
export function readCsatFilters(params: URLSearchParams): CsatFilters {
  const rating = Number(params.get('rating'));
  return {
    agent: params.get('agent') || null,
    rating: CSAT_RATINGS.includes(rating as CsatRatingValue) ? (rating as CsatRatingValue) : null,
    withComment: params.get('withComment') === 'true',
  };
}
