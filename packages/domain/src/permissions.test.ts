import { describe, it, expect } from 'vitest';
import {
  ACTIONS,
  RESOURCES,
  SCOPES,
  fromRoleEntries,
  isAllowed,
  isSuperAdmin,
  roleNamesOf,
  scopeFor,
  toRoleEntries,
} from './permissions';
import type { RoleEntry } from './permissions';

const entries: RoleEntry[] = [
  { menu: 'issue', subdetail: '{"view":"myTeam","update":"myTeam"}' },
  { menu: 'dashboard', subdetail: '{"view":"myChannel"}' },
];

describe('vocabulary', () => {
  it('lists the permission resources, actions and scopes', () => {
    expect(RESOURCES).toHaveLength(14);
    expect(RESOURCES).toContain('organization');
    expect(ACTIONS).toEqual(['view', 'create', 'update', 'delete']);
    expect(SCOPES).toEqual(['all', 'myChannel', 'myTeam', 'myIssue', 'myCanned']);
  });
});

describe('toRoleEntries / fromRoleEntries', () => {
  it('writes one entry per granted resource in a stable order', () => {
    expect(
      toRoleEntries({ tag: { view: 'all' }, issue: { update: 'myIssue', view: 'myIssue' }, team: {} }),
    ).toEqual([
      { menu: 'issue', subdetail: '{"view":"myIssue","update":"myIssue"}' },
      { menu: 'tag', subdetail: '{"view":"all"}' },
    ]);
  });

  it('round-trips a matrix', () => {
    const matrix = {
      contact: { view: 'myChannel', update: 'myChannel' },
      organization: { view: 'all' },
    } as const;
    expect(fromRoleEntries(toRoleEntries(matrix))).toEqual(matrix);
  });

  it('ignores unknown menus, unknown actions and unknown scopes', () => {
    expect(
      fromRoleEntries([
        { menu: 'billing', subdetail: '{"view":"all"}' },
        { menu: 'issue', subdetail: '{"view":"all","approve":"all","update":"everything","delete":1}' },
      ]),
    ).toEqual({ issue: { view: 'all' } });
  });

  it('ignores malformed subdetail without throwing', () => {
    const malformed = ['not json', '', 'null', '[]', '"all"', '42', '{"view":'];
    expect(fromRoleEntries(malformed.map((subdetail) => ({ menu: 'issue', subdetail })))).toEqual({});
  });

  it('ignores entries that are not entries at all', () => {
    const junk = [
      null,
      'issue',
      { menu: 'issue' },
      { menu: 1, subdetail: '{}' },
      { menu: 'tag', subdetail: '{"view":"all"}' },
    ];
    expect(fromRoleEntries(junk as unknown as RoleEntry[])).toEqual({ tag: { view: 'all' } });
    expect(fromRoleEntries(undefined as unknown as RoleEntry[])).toEqual({});
  });

  it('keeps the first grant when a menu repeats', () => {
    expect(
      fromRoleEntries([
        { menu: 'issue', subdetail: '{"view":"myIssue"}' },
        { menu: 'issue', subdetail: '{"view":"all","update":"myIssue"}' },
      ]),
    ).toEqual({ issue: { view: 'myIssue', update: 'myIssue' } });
  });
});

describe('scopeFor', () => {
  it('returns the granted scope or undefined', () => {
    expect(scopeFor(entries, 'issue', 'view')).toBe('myTeam');
    expect(scopeFor(entries, 'dashboard', 'view')).toBe('myChannel');
    expect(scopeFor(entries, 'issue', 'delete')).toBeUndefined();
    expect(scopeFor(entries, 'contact', 'view')).toBeUndefined();
    expect(scopeFor([], 'issue', 'view')).toBeUndefined();
  });
});

describe('isAllowed', () => {
  it('without an allowed list, any granted scope counts', () => {
    expect(isAllowed(entries, 'issue', 'view')).toBe(true);
    expect(isAllowed(entries, 'issue', 'update')).toBe(true);
  });

  it('denies an action with no scope', () => {
    expect(isAllowed(entries, 'issue', 'create')).toBe(false);
    expect(isAllowed(entries, 'contact', 'view')).toBe(false);
  });

  it('with an allowed list, the scope must be in it', () => {
    expect(isAllowed(entries, 'issue', 'view', ['all', 'myTeam'])).toBe(true);
    expect(isAllowed(entries, 'issue', 'view', ['all'])).toBe(false);
    expect(isAllowed(entries, 'dashboard', 'view', ['all', 'myChannel'])).toBe(true);
    expect(isAllowed(entries, 'contact', 'view', ['all', 'myChannel'])).toBe(false);
  });

  it('an empty allowed list allows nothing', () => {
    expect(isAllowed(entries, 'issue', 'view', [])).toBe(false);
  });

  it('treats malformed subdetail as no permission', () => {
    const broken: RoleEntry[] = [{ menu: 'issue', subdetail: '{view:all}' }];
    expect(isAllowed(broken, 'issue', 'view')).toBe(false);
    const unknownScope: RoleEntry[] = [{ menu: 'issue', subdetail: '{"view":"yes"}' }];
    expect(isAllowed(unknownScope, 'issue', 'view')).toBe(false);
  });
});

describe('roleNamesOf / isSuperAdmin', () => {
  it('reads role names from an array or a stored list string', () => {
    expect(roleNamesOf(['Staff', 'Manager'])).toEqual(['Manager', 'Staff']);
    expect(roleNamesOf('["SuperAdmin","Admin"]')).toEqual(['SuperAdmin', 'Admin']);
    expect(roleNamesOf('Manager, Staff')).toEqual(['Manager', 'Staff']);
    expect(roleNamesOf('staff')).toEqual(['Staff']);
    expect(roleNamesOf(['Guest', ''])).toEqual([]);
  });

  it('detects SuperAdmin by containment', () => {
    expect(isSuperAdmin('SuperAdmin')).toBe(true);
    expect(isSuperAdmin('["Admin","SuperAdmin"]')).toBe(true);
    expect(isSuperAdmin(['Admin', 'SuperAdmin'])).toBe(true);
    expect(isSuperAdmin('superAdmin')).toBe(true);
  });

  it('does not mistake Admin for SuperAdmin', () => {
    expect(isSuperAdmin('Admin')).toBe(false);
    expect(isSuperAdmin(['Admin', 'Manager'])).toBe(false);
    expect(isSuperAdmin('')).toBe(false);
    expect(isSuperAdmin([])).toBe(false);
  });
});
