import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from '@sabai/domain';
import { ApiError } from '../../../lib/api-client';
import { expiresAtOf, grantableResources, grantsOf, tokenSaveFeedback } from './token-form';

describe('the API token form', () => {
  const now = new Date('2026-05-10T03:00:00Z');

  it('turns the expiry choice into an instant', () => {
    expect(expiresAtOf('30', null, now)).toBe('2026-06-09T03:00:00.000Z');
    expect(expiresAtOf('365', null, now)).toBe('2027-05-10T03:00:00.000Z');
    expect(expiresAtOf('never', '2026-06-01', now)).toBeNull();
    const endOfDay = new Date(expiresAtOf('custom', '2026-06-01', now)!);
    expect([endOfDay.getFullYear(), endOfDay.getMonth(), endOfDay.getDate()]).toEqual([2026, 5, 1]);
    expect([endOfDay.getHours(), endOfDay.getMinutes()]).toEqual([23, 59]);
    expect(expiresAtOf('custom', null, now)).toBeNull();
  });

  it('offers the rows the creator may grant', () => {
    expect(grantableResources(DEFAULT_ROLE_MATRIX.Admin)).not.toContain('organization');
    expect(grantableResources(DEFAULT_ROLE_MATRIX.Admin)).toContain('issue');
    expect(grantableResources(DEFAULT_ROLE_MATRIX.Manager)).not.toContain('tag');
  });

  it('lists the grants in the matrix order', () => {
    expect(grantsOf({ tag: { view: 'all' }, issue: { update: 'myTeam', view: 'all' } })).toEqual([
      { resource: 'issue', action: 'view', scope: 'all' },
      { resource: 'issue', action: 'update', scope: 'myTeam' },
      { resource: 'tag', action: 'view', scope: 'all' },
    ]);
  });

  it('points a refusal at its cells', () => {
    const refused = new ApiError(400, 'api_token.beyond_role', {
      problems: [{ resource: 'issue', action: 'view', scope: 'all', reason: 'beyond_role' }],
    });
    expect(tokenSaveFeedback(refused)).toEqual({
      message: 'errors.api_token.beyond_role',
      cells: ['issue.view'],
    });
    expect(tokenSaveFeedback(new ApiError(400, 'api_token.expiry_in_past')).message).toBe(
      'errors.api_token.expiry_in_past',
    );
    expect(tokenSaveFeedback(new Error('boom')).message).toBe('errors.unknown');
  });
});
