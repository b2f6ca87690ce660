// The inbox's filters live in the URL (so a filtered view can be shared and survives reload) and become
// the API's query. Keys follow the list's filter keys (@sabai/contracts issues.ts).
import { ISSUE_KINDS, type IssueFilter, type IssueKind } from '@sabai/contracts';
import { ISSUE_SORTS, ISSUE_STATUSES, ISSUE_TIME_FILTERS } from '@sabai/domain';
import type { IssueSort, IssueStatus, IssueTimeFilter } from '@sabai/domain';

export type InboxQuery = {
  status: IssueStatus | '';
  search: string;
  channel: string[];
  team: string[];
  tag: string[];
  agent: string[];
  time: IssueTimeFilter | '';
  startDate: string;
  endDate: string;
  myIssue: boolean;
  sort: IssueSort;
  /** Conversations or comments; both when empty. */
  kind: IssueKind | '';
};

export const EMPTY_QUERY: InboxQuery = {
  status: '',
  search: '',
  channel: [],
  team: [],
  tag: [],
  agent: [],
  time: '',
  startDate: '',
  endDate: '',
  myIssue: false,
  sort: 'lastResponse',
  kind: '',
};

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value && (values as readonly string[]).includes(value) ? (value as T) : '';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in a page's URL; unknown values are dropped rather than sent. */
export function readInboxQuery(params: URLSearchParams): InboxQuery {
  return {
    status: oneOf(ISSUE_STATUSES, params.get('status')),
    search: params.get('search') ?? '',
    channel: list(params.get('channel')),
    team: list(params.get('team')),
    tag: list(params.get('tag')),
    agent: list(params.get('agent')),
    time: oneOf(ISSUE_TIME_FILTERS, params.get('time')),
    startDate: DAY.test(params.get('startDate') ?? '') ? params.get('startDate')! : '',
    endDate: DAY.test(params.get('endDate') ?? '') ? params.get('endDate')! : '',
    myIssue: params.get('myIssue') === 'true',
    sort: oneOf(ISSUE_SORTS, params.get('sort')) || 'lastResponse',
    kind: oneOf(ISSUE_KINDS, params.get('kind')),
  };
}

/** The filters as the API's query, leaving out what is not set. */
export function issueFilterOf(query: InboxQuery): IssueFilter & { sort?: IssueSort } {
  const search = query.search.trim();
  const list = <K extends 'channel' | 'team' | 'tag' | 'agent'>(key: K) =>
    query[key].length ? { [key]: query[key] } : {};
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(search ? { search } : {}),
    ...list('channel'),
    ...list('team'),
    ...list('tag'),
    ...list('agent'),
    ...(query.time ? { time: query.time } : {}),
    ...(query.startDate ? { startDate: query.startDate } : {}),
    ...(query.endDate ? { endDate: query.endDate } : {}),
    ...(query.myIssue ? { myIssue: true } : {}),
    ...(query.sort !== 'lastResponse' ? { sort: query.sort } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  };
}

/** The filters as the page address's parameters: the API's query, lists comma-separated. */
export function filterSearchParams(query: InboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(issueFilterOf(query)))
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  return params;
}

/** How many filters besides status, search, sort and kind are set (the Filters button's badge). */
export function activeFilterCount(query: InboxQuery): number {
  return (
    query.channel.length +
    query.team.length +
    query.tag.length +
    query.agent.length +
    (query.time ? 1 : 0) +
    (query.startDate ? 1 : 0) +
    (query.myIssue ? 1 : 0)
  );
}
