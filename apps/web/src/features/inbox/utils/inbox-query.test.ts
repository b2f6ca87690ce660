import { describe, expect, it } from 'vitest';
import { activeFilterCount, EMPTY_QUERY, filterSearchParams, readInboxQuery } from './inbox-query';

describe('inbox query', () => {
  it('round-trips every filter through the URL', () => {
    const query = {
      ...EMPTY_QUERY,
      status: 'waiting' as const,
      search: 'ไซซ์',
      channel: ['c1', 'c2'],
      tag: ['t1'],
      agent: ['none'],
      time: 'today' as const,
      startDate: '2026-11-01',
      endDate: '2026-11-20',
      myIssue: true,
      sort: 'daysLeft' as const,
      kind: 'comment' as const,
    };
    expect(readInboxQuery(filterSearchParams(query))).toEqual(query);
    expect(activeFilterCount(query)).toBe(7);
    expect(filterSearchParams(query).get('kind')).toBe('comment');
  });

  it('drops unknown values and leaves defaults out of the URL', () => {
    const read = readInboxQuery(
      new URLSearchParams('status=bogus&time=week&sort=x&startDate=1/2/2026&issueId=4&kind=posts'),
    );
    expect(read).toEqual(EMPTY_QUERY);
    expect(filterSearchParams(EMPTY_QUERY).toString()).toBe('');
  });
});
