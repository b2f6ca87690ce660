import { describe, expect, it } from 'vitest';
import { routes } from '@sabai/contracts';
import { urlOf } from './api';

describe('urlOf', () => {
  it('fills path parameters from params, URI-encoded', () => {
    expect(urlOf(routes.tags.get, { params: { id: 'a/b c' } })).toBe('/tags/a%2Fb%20c');
    expect(urlOf(routes.tags.ofIssue, { params: { id: 42 } })).toBe('/issues/42/tags');
  });

  it('appends the query, leaving out what is undefined', () => {
    expect(urlOf(routes.tags.list, { query: { search: undefined, sort: 'name', page: 2 } })).toBe(
      '/tags?sort=name&page=2',
    );
    expect(urlOf(routes.tags.options, {})).toBe('/tags/options');
  });
});
