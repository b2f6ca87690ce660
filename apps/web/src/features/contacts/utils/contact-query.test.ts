import { describe, expect, it } from 'vitest';
import { routes } from '@sabai/contracts';
import { urlOf } from '../../../lib/api';
import {
  contactQuery,
  contactSearchParams,
  countFilters,
  NO_FILTERS,
  readContactSearch,
  type ContactSearch,
} from './contact-query';

/** The query string GET /contacts is called with. */
const wire = (search: ContactSearch) =>
  new URLSearchParams(urlOf(routes.contacts.list, { query: contactQuery(search) }).split('?')[1]);

describe('contact search', () => {
  it('sends only what is set', () => {
    expect(wire({ search: '  ', filters: NO_FILTERS, sort: 'lastContact' }).toString()).toBe(
      'sort=lastContact',
    );
    expect(countFilters(NO_FILTERS)).toBe(0);
  });

  it('sends every filter in the API’s names', () => {
    const filters = {
      channel: ['line' as const, 'facebook' as const],
      page: ['p1'],
      gender: 'female' as const,
      province: ['Bangkok', 'Chiang Mai'],
      birthdate: { from: '1990-01-01', to: null },
      created: { from: null, to: '2026-01-31' },
      lastContact: { from: '2026-03-01', to: '2026-03-31' },
      tag: ['t1'],
      hasOpenIssue: false,
    };
    const params = wire({ search: 'สมชาย', filters, sort: 'displayName' });
    expect(Object.fromEntries(params)).toEqual({
      search: 'สมชาย',
      channel: 'line,facebook',
      page: 'p1',
      province: 'Bangkok,Chiang Mai',
      tag: 't1',
      gender: 'female',
      birthdateFrom: '1990-01-01',
      createdTo: '2026-01-31',
      lastContactFrom: '2026-03-01',
      lastContactTo: '2026-03-31',
      hasOpenIssue: 'false',
      sort: 'displayName',
    });
    expect(countFilters(filters)).toBe(9);
  });

  it('round-trips through the address, leaving out the default order and ignoring what it cannot read', () => {
    const search: ContactSearch = {
      search: 'สมชาย',
      filters: {
        ...NO_FILTERS,
        channel: ['line', 'instagram'],
        gender: 'male',
        province: ['Bangkok'],
        created: { from: '2026-01-01', to: null },
        tag: ['t1', 't2'],
        hasOpenIssue: true,
      },
      sort: 'displayName',
    };
    const params = contactSearchParams(search);
    expect(params.get('channel')).toBe('line,instagram');
    expect(readContactSearch(params)).toEqual(search);
    expect(contactSearchParams({ search: '', filters: NO_FILTERS, sort: 'lastContact' }).toString()).toBe('');
    expect(
      readContactSearch(
        new URLSearchParams('channel=line,fax&gender=x&createdFrom=yesterday&sort=size&hasOpenIssue=maybe'),
      ),
    ).toEqual({
      search: '',
      filters: { ...NO_FILTERS, channel: ['line'] },
      sort: 'lastContact',
    });
  });
});
