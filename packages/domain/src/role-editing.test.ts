import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from './default-role-matrix';
import { compactMatrix, isEditableRole, permissionProblems } from './role-editing';

describe('role editing', () => {
  it('edits Manager and Staff only', () => {
    expect(isEditableRole('Manager')).toBe(true);
    expect(isEditableRole('Staff')).toBe(true);
    expect(isEditableRole('Admin')).toBe(false);
    expect(isEditableRole('SuperAdmin')).toBe(false);
  });

  it('accepts the default Manager and Staff matrices', () => {
    expect(permissionProblems(DEFAULT_ROLE_MATRIX.Manager)).toEqual([]);
    expect(permissionProblems(DEFAULT_ROLE_MATRIX.Staff)).toEqual([]);
  });

  it('refuses organisation grants, scopes a screen does not have, report changes and unknown names', () => {
    expect(permissionProblems({ organization: { view: 'all' } })).toEqual([
      { resource: 'organization', action: 'view', scope: 'all' },
    ]);
    expect(permissionProblems({ tag: { view: 'myTeam' } })).toHaveLength(1);
    expect(permissionProblems({ team_performance: { delete: 'all' } })).toHaveLength(1);
    expect(permissionProblems({ canned_response: { view: 'myCanned', share: 'all' } })).toHaveLength(1);
    expect(permissionProblems({ billing: { view: 'all' } })).toEqual([{ resource: 'billing' }]);
  });

  it('drops resources without grants', () => {
    expect(compactMatrix({ tag: {}, issue: { view: 'myIssue' } })).toEqual({ issue: { view: 'myIssue' } });
  });
});
