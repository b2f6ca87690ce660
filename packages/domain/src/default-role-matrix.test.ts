import { describe, it, expect } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from './default-role-matrix';
import { ACTIONS, RESOURCES, isAllowed, toRoleEntries } from './permissions';
import type { Action, Resource } from './permissions';

const REPORTS: Resource[] = ['channel_performance', 'team_performance', 'agent_performance'];
const entriesOf = (role: keyof typeof DEFAULT_ROLE_MATRIX) => toRoleEntries(DEFAULT_ROLE_MATRIX[role]);

describe('DEFAULT_ROLE_MATRIX', () => {
  it('gives SuperAdmin every resource with scope all, reports view-only', () => {
    const matrix = DEFAULT_ROLE_MATRIX.SuperAdmin;
    for (const resource of RESOURCES) {
      const expected: readonly Action[] = REPORTS.includes(resource) ? ['view'] : ACTIONS;
      for (const action of expected) expect(matrix[resource]?.[action], `${resource}.${action}`).toBe('all');
    }
    for (const report of REPORTS) expect(Object.keys(matrix[report] ?? {})).toEqual(['view']);
    expect(matrix.organization).toEqual({ view: 'all', create: 'all', update: 'all', delete: 'all' });
  });

  it('gives Admin everything but the organisation', () => {
    const matrix = DEFAULT_ROLE_MATRIX.Admin;
    expect(matrix.organization).toBeUndefined();
    expect(Object.keys(matrix)).toHaveLength(RESOURCES.length - 1);
    expect(matrix.user).toEqual({ view: 'all', create: 'all', update: 'all', delete: 'all' });
    expect(matrix.agent_performance).toEqual({ view: 'all' });
  });

  it('scopes Manager to their channels and team', () => {
    const matrix = DEFAULT_ROLE_MATRIX.Manager;
    expect(matrix).toEqual({
      dashboard: { view: 'myChannel' },
      issue: { view: 'myTeam', create: 'myTeam', update: 'myTeam' },
      kanban: { view: 'myTeam', create: 'myTeam', update: 'myTeam' },
      contact: { view: 'myChannel', update: 'myChannel' },
      team_performance: { view: 'myTeam' },
      agent_performance: { view: 'myTeam' },
      auto_assignment: { view: 'myTeam', update: 'myTeam' },
      canned_response: { view: 'all', create: 'all', update: 'all', delete: 'all' },
      team: { view: 'myTeam', update: 'myTeam' },
    });
  });

  it('scopes Staff to their own issues and canned responses', () => {
    const matrix = DEFAULT_ROLE_MATRIX.Staff;
    expect(matrix).toEqual({
      issue: { view: 'myIssue', create: 'myIssue', update: 'myIssue' },
      kanban: { view: 'myIssue', create: 'myIssue', update: 'myIssue' },
      contact: { view: 'myChannel', update: 'myChannel' },
      canned_response: { view: 'myCanned', create: 'myCanned', update: 'myCanned', delete: 'myCanned' },
    });
  });

  it('works through the token entries', () => {
    expect(isAllowed(entriesOf('Staff'), 'issue', 'update')).toBe(true);
    expect(isAllowed(entriesOf('Staff'), 'issue', 'delete')).toBe(false);
    expect(isAllowed(entriesOf('Staff'), 'dashboard', 'view')).toBe(false);
    expect(isAllowed(entriesOf('Manager'), 'tag', 'view')).toBe(false);
    expect(isAllowed(entriesOf('Admin'), 'tag', 'delete', ['all'])).toBe(true);
    expect(isAllowed(entriesOf('Manager'), 'user', 'view')).toBe(false);
    expect(isAllowed(entriesOf('Admin'), 'organization', 'view')).toBe(false);
    expect(isAllowed(entriesOf('SuperAdmin'), 'organization', 'view', ['all'])).toBe(true);
  });
});
