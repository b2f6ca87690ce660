import { describe, it, expect } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from './default-role-matrix';
import { toRoleEntries } from './permissions';
import type { RoleEntry } from './permissions';
import { ROUTE_PERMISSIONS, canViewRoute, routePermissionFor } from './route-permissions';

const entry = (menu: string, view: string): RoleEntry => ({ menu, subdetail: JSON.stringify({ view }) });
const visible = (entries: RoleEntry[]) =>
  ROUTE_PERMISSIONS.filter((route) => canViewRoute(entries, route.path)).map((route) => route.path);

describe('ROUTE_PERMISSIONS', () => {
  it('holds the thirteen signed-in desktop routes', () => {
    expect(ROUTE_PERMISSIONS.map((route) => route.path)).toEqual([
      '/dashboard',
      '/issue/inbox',
      '/issue/kanban',
      '/contacts',
      '/report/channel-performance',
      '/report/team-performance',
      '/report/agent-performance',
      '/setting/user',
      '/setting/team',
      '/setting/channel',
      '/setting/auto-assignment',
      '/setting/canned-response',
      '/setting/tag',
    ]);
  });
});

describe('routePermissionFor', () => {
  it('matches sub-paths, trailing slashes and query strings', () => {
    expect(routePermissionFor('/issue/inbox/')?.resource).toBe('issue');
    expect(routePermissionFor('/issue/inbox?issueId=4&lang=th')?.resource).toBe('issue');
    expect(routePermissionFor('/setting/team/12')?.resource).toBe('team');
  });

  it('maps mobile paths onto their desktop twins', () => {
    expect(routePermissionFor('/mobile/issue/chat?issueId=4')?.resource).toBe('issue');
    expect(routePermissionFor('/mobile/report/agent-performance')?.resource).toBe('agent_performance');
  });

  it('does not match a path that only shares a prefix', () => {
    expect(routePermissionFor('/dashboards')).toBeUndefined();
    expect(routePermissionFor('/profile/edit-profile')).toBeUndefined();
  });
});

describe('canViewRoute', () => {
  it('requires one of the listed view scopes', () => {
    expect(canViewRoute([entry('dashboard', 'myChannel')], '/dashboard')).toBe(true);
    expect(canViewRoute([entry('dashboard', 'myTeam')], '/dashboard')).toBe(false);
    expect(canViewRoute([entry('channel_performance', 'myTeam')], '/report/channel-performance')).toBe(false);
    expect(canViewRoute([entry('canned_response', 'myCanned')], '/setting/canned-response')).toBe(true);
  });

  it('accepts any view scope where the route names none', () => {
    expect(canViewRoute([entry('kanban', 'myIssue')], '/issue/kanban')).toBe(true);
    expect(canViewRoute([entry('user', 'myTeam')], '/setting/user')).toBe(true);
    expect(canViewRoute([entry('team', 'myTeam')], '/setting/team')).toBe(true);
    expect(canViewRoute([], '/setting/team')).toBe(false);
  });

  it('does not guard pages outside the table', () => {
    expect(canViewRoute([], '/')).toBe(true);
    expect(canViewRoute([], '/login')).toBe(true);
    expect(canViewRoute([], '/profile/edit-profile')).toBe(true);
  });

  it('guards mobile pages like their desktop twins', () => {
    expect(canViewRoute([], '/mobile/dashboard')).toBe(false);
    expect(canViewRoute([entry('issue', 'myIssue')], '/mobile/issue/chat')).toBe(true);
  });

  it('gives each default role its menu', () => {
    expect(visible(toRoleEntries(DEFAULT_ROLE_MATRIX.Staff))).toEqual([
      '/issue/inbox',
      '/issue/kanban',
      '/contacts',
      '/setting/canned-response',
    ]);
    expect(visible(toRoleEntries(DEFAULT_ROLE_MATRIX.Manager))).toEqual([
      '/dashboard',
      '/issue/inbox',
      '/issue/kanban',
      '/contacts',
      '/report/team-performance',
      '/report/agent-performance',
      '/setting/team',
      '/setting/auto-assignment',
      '/setting/canned-response',
    ]);
    expect(visible(toRoleEntries(DEFAULT_ROLE_MATRIX.Admin))).toHaveLength(ROUTE_PERMISSIONS.length);
  });
});
