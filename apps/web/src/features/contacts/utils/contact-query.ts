// The contacts screen's search (quick search, advanced filters and order) as the API's query.
import { CONTACT_SORTS, type ContactFilter, type ContactSort } from '@sabai/contracts';
import { CHANNEL_TYPES, type ChannelType } from '@sabai/domain';

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

const DEFAULT_SORT: ContactSort = 'lastContact';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The search as the address's query (the API's names, lists comma-separated, the default order left out),
 * so a filtered contact list has a link and survives a reload, like the inbox's filters.
 */
export function contactSearchParams(search: ContactSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(contactQuery(search))) {
    if (key === 'sort' && value === DEFAULT_SORT) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/** The search a query string describes; what it cannot read is left unset, never an error. */
export function readContactSearch(params: URLSearchParams): ContactSearch {
  const list = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  const range = (name: 'birthdate' | 'created' | 'lastContact'): DayRange => ({
    from: day(`${name}From`),
    to: day(`${name}To`),
  });
  const gender = params.get('gender');
  const open = params.get('hasOpenIssue');
  const sort = params.get('sort');
  return {
    search: params.get('search') ?? '',
    filters: {
      channel: list('channel').filter((c): c is ChannelType =>
        (CHANNEL_TYPES as readonly string[]).includes(c),
      ),
      page: list('page'),
      gender: gender === 'male' || gender === 'female' ? gender : null,
      province: list('province'),
      birthdate: range('birthdate'),
      created: range('created'),
      lastContact: range('lastContact'),
      tag: list('tag'),
      hasOpenIssue: open === 'true' ? true : open === 'false' ? false : null,
    },
    sort: (CONTACT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ContactSort) : DEFAULT_SORT,
  };
}
