import { describe, expect, it } from 'vitest';
import { NO_FILTERS, auditQuery, hasFilters } from './audit-query';

describe('auditQuery', () => {
  it('leaves out what is not set', () => {
    expect(auditQuery(NO_FILTERS)).toEqual({});
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, search: '   ' })).toBe(false);
  });

  it('sends every filter that is set, the search trimmed', () => {
    const filters = {
      actorId: '0b5c3c8e-8b6e-4c8e-9d59-3f1a1d2b7a10',
      area: 'tag',
      action: 'update',
      search: '  Refund ',
      from: '2026-03-01',
      to: '2026-03-31',
    } as const;
    expect(auditQuery(filters)).toEqual({ ...filters, search: 'Refund' });
    expect(hasFilters(filters)).toBe(true);
    expect(auditQuery({ ...NO_FILTERS, from: '2026-03-01' })).toEqual({ from: '2026-03-01' });
  });
});
