// The contacts screen's search (quick search, advanced filters and order) as the API's query string.
import type { ContactSort } from '@sabai/contracts';
import type { ChannelType } from '@sabai/domain';

/** A day range as yyyy-mm-dd, either end open. */
export type DayRange = { from: string | null; to: string | null };

export type ContactFilters = {
  channel: ChannelType[];
  page: string[];
  gender: 'male' | 'female' | null;
  province: string[];
  birthdate: DayRange;
  created: DayRange;
  lastContact: DayRange;
  tag: string[];
  hasOpenIssue: boolean | null;
};

export type ContactSearch = { search: string; filters: ContactFilters; sort: ContactSort };

const OPEN: DayRange = { from: null, to: null };

export const NO_FILTERS: ContactFilters = {
  channel: [],
  page: [],
  gender: null,
  province: [],
  birthdate: OPEN,
  created: OPEN,
  lastContact: OPEN,
  tag: [],
  hasOpenIssue: null,
};

/** How many advanced filters are set (the badge on the panel's button). */
export function countFilters(f: ContactFilters): number {
  const ranges = [f.birthdate, f.created, f.lastContact].filter((r) => r.from || r.to).length;
  const lists = [f.channel, f.page, f.province, f.tag].filter((l) => l.length > 0).length;
  return ranges + lists + (f.gender ? 1 : 0) + (f.hasOpenIssue === null ? 0 : 1);
}

function setRange(params: URLSearchParams, name: string, range: DayRange) {
  if (range.from) params.set(`${name}From`, range.from);
  if (range.to) params.set(`${name}To`, range.to);
}

/** The query string of GET /contacts (and of the export, which takes the same filters). */
export function contactSearchParams({ search, filters: f, sort }: ContactSearch): URLSearchParams {
  const params = new URLSearchParams();
  const text = search.trim();
  if (text) params.set('search', text);
  for (const [name, list] of [
    ['channel', f.channel],
    ['page', f.page],
    ['province', f.province],
    ['tag', f.tag],
  ] as const) {
    if (list.length) params.set(name, list.join(','));
  }
  if (f.gender) params.set('gender', f.gender);
  setRange(params, 'birthdate', f.birthdate);
  setRange(params, 'created', f.created);
  setRange(params, 'lastContact', f.lastContact);
  if (f.hasOpenIssue !== null) params.set('hasOpenIssue', String(f.hasOpenIssue));
  params.set('sort', sort);
  return params;
}
