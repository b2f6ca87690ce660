import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from '@sabai/domain';
import { ApiError } from '../../../lib/api-client';
import { hasAction, isSameMatrix, roleSaveFeedback, scopeChoices, toRequest, withScope } from './role-matrix';

describe('role matrix', () => {
  it('offers the scopes an Admin may grant, keeping an unusual current one', () => {
    expect(scopeChoices('contact', 'myChannel')).toEqual(['all', 'myChannel']);
    expect(scopeChoices('tag', 'myTeam')).toEqual(['all', 'myTeam']);
    expect(scopeChoices('organization', undefined)).toEqual([]);
  });

  it('has only the view action for reports', () => {
    expect(hasAction('team_performance', 'view')).toBe(true);
    expect(hasAction('team_performance', 'update')).toBe(false);
    expect(hasAction('tag', 'delete')).toBe(true);
  });

  it('changes one cell and drops resources left without a grant', () => {
    const staff = DEFAULT_ROLE_MATRIX.Staff;
    const wider = withScope(staff, 'contact', 'view', 'all');
    expect(wider.contact).toEqual({ view: 'all', update: 'myChannel' });
    expect(staff.contact).toEqual({ view: 'myChannel', update: 'myChannel' });
    const withTag = withScope(staff, 'tag', 'view', 'all');
    expect(withTag.tag).toEqual({ view: 'all' });
    expect(withScope(withTag, 'tag', 'view', null).tag).toBeUndefined();
  });

  it('compares matrices by their grants, not their key order', () => {
    const staff = DEFAULT_ROLE_MATRIX.Staff;
    expect(isSameMatrix(staff, withScope(withScope(staff, 'tag', 'view', 'all'), 'tag', 'view', null))).toBe(
      true,
    );
    expect(isSameMatrix(staff, withScope(staff, 'contact', 'view', 'all'))).toBe(false);
  });

  it('sends the whole matrix without empty resources', () => {
    expect(toRequest({ tag: {}, contact: { view: 'all' } })).toEqual({
      permissions: { contact: { view: 'all' } },
    });
  });

  it('points the server refusal at its cells, translated', () => {
    const refused = new ApiError(400, 'role.invalid_permission', {
      problems: [
        { resource: 'tag', action: 'view', scope: 'myTeam' },
        { resource: 'team_performance' },
        { resource: 'billing' },
      ],
    });
    expect(roleSaveFeedback(refused)).toEqual({
      message: 'errors.role.invalid_permission',
      cells: ['tag.view', 'team_performance.view'],
    });
    expect(roleSaveFeedback(new ApiError(403, 'role.not_editable'))).toEqual({
      message: 'errors.role.not_editable',
      cells: [],
    });
    expect(roleSaveFeedback(new ApiError(400, 'validation.failed')).message).toBe('errors.validation.failed');
    expect(roleSaveFeedback(new ApiError(500, 'internal')).message).toBe('common.error.update');
    expect(roleSaveFeedback(new Error('boom')).message).toBe('errors.unknown');
  });
});
