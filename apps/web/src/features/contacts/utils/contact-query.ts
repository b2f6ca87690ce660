// The contacts screen's search (quick search, advanced filters and order) as the API's query.
import type { ContactFilter, ContactSort } from '@sabai/contracts';
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

const rangeOf = (name: 'birthdate' | 'created' | 'lastContact', range: DayRange) => ({
  ...(range.from ? { [`${name}From`]: range.from } : {}),
  ...(range.to ? { [`${name}To`]: range.to } : {}),
});

/** The query of GET /contacts (and of the export, which takes the same filters), leaving out what is not set. */
export function contactQuery({
  search,
  filters: f,
  sort,
}: ContactSearch): ContactFilter & { sort: ContactSort } {
  const text = search.trim();
  const list = <K extends 'channel' | 'page' | 'province' | 'tag'>(name: K) =>
    f[name].length ? { [name]: f[name] } : {};
  return {
    ...(text ? { search: text } : {}),
    ...list('channel'),
    ...list('page'),
    ...list('province'),
    ...list('tag'),
    ...(f.gender ? { gender: f.gender } : {}),
    ...rangeOf('birthdate', f.birthdate),
    ...rangeOf('created', f.created),
    ...rangeOf('lastContact', f.lastContact),
    ...(f.hasOpenIssue === null ? {} : { hasOpenIssue: f.hasOpenIssue }),
    sort,
  };
}
