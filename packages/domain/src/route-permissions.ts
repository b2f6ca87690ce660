// The signed-in desktop routes and the view scope each needs; the side menu and route
// guards read this table. Mobile paths map onto their desktop twins.
import { toDesktopPath } from './navigation';
import { isAllowed } from './permissions';
import type { Resource, RoleEntry, Scope } from './permissions';

export type RoutePermission = {
  path: string;
  resource: Resource;
  /** Scopes that grant the view; absent means any view scope (the screen names no scope). */
  viewScopes?: readonly Scope[];
};

export const ROUTE_PERMISSIONS: readonly RoutePermission[] = [
  { path: '/dashboard', resource: 'dashboard', viewScopes: ['all', 'myChannel'] },
  { path: '/issue/inbox', resource: 'issue', viewScopes: ['all', 'myTeam', 'myIssue'] },
  { path: '/issue/kanban', resource: 'kanban' },
  { path: '/contacts', resource: 'contact', viewScopes: ['all', 'myChannel'] },
  { path: '/report/channel-performance', resource: 'channel_performance', viewScopes: ['all'] },
  { path: '/report/team-performance', resource: 'team_performance', viewScopes: ['all', 'myTeam'] },
  { path: '/report/agent-performance', resource: 'agent_performance', viewScopes: ['all', 'myTeam'] },
  { path: '/setting/user', resource: 'user' },
  { path: '/setting/team', resource: 'team' },
  { path: '/setting/channel', resource: 'channel', viewScopes: ['all'] },
  { path: '/setting/auto-assignment', resource: 'auto_assignment', viewScopes: ['all', 'myTeam'] },
  { path: '/setting/canned-response', resource: 'canned_response', viewScopes: ['all', 'myCanned'] },
  { path: '/setting/tag', resource: 'tag', viewScopes: ['all'] },
];

/** The permission entry guarding a path (desktop or mobile, query string ignored), if the path is guarded. */
export function routePermissionFor(path: string): RoutePermission | undefined {
  const pathname = toDesktopPath(path.split(/[?#]/)[0] ?? '');
  return ROUTE_PERMISSIONS.find((route) => pathname === route.path || pathname.startsWith(`${route.path}/`));
}

/** Whether the role entries may open a path; paths outside the table (public pages, profile) are not guarded. */
export function canViewRoute(entries: readonly RoleEntry[], path: string): boolean {
  const route = routePermissionFor(path);
  return route === undefined || isAllowed(entries, route.resource, 'view', route.viewScopes);
}
