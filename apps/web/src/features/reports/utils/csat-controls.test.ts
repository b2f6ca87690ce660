import { describe, expect, it } from 'vitest';
import { csatFilterParams, csatQuery, NO_CSAT_FILTERS, readCsatFilters } from './csat-controls';
import { DEFAULT_CONTROLS } from './report-period';

const TODAY = '2026-03-10';

describe('csat report filters', () => {
  it('asks for the period alone when nothing is filtered, without a compare period', () => {
    expect(csatQuery(DEFAULT_CONTROLS, NO_CSAT_FILTERS, TODAY)).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
    });
  });

  it('adds the channel, team, agent, rating and comment filters that are set', () => {
    const query = csatQuery(
      { ...DEFAULT_CONTROLS, channel: 'c1', team: 't1' },
      { agent: 'a1', rating: 5, withComment: true },
      TODAY,
    );
    expect(query).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      channel: ['c1'],
      team: ['t1'],
      agent: ['a1'],
      rating: [5],
      withComment: 'true',
    });
  });

  it('keeps the filters in the address and reads them back, ignoring what it cannot read', () => {
    const filters = { agent: 'a1', rating: 4, withComment: true } as const;
    expect(readCsatFilters(new URLSearchParams(csatFilterParams(filters)))).toEqual(filters);
    expect(csatFilterParams(NO_CSAT_FILTERS)).toEqual({});
    expect(readCsatFilters(new URLSearchParams('rating=9&withComment=yes'))).toEqual(NO_CSAT_FILTERS);
    expect(readCsatFilters(new URLSearchParams('rating=0'))).toEqual(NO_CSAT_FILTERS);
  });
});
