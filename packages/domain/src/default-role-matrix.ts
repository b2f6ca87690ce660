// The default role matrix (docs/decisions/accounts-and-permissions.md "Permissions"). Editable
// per organisation later; these are the grants a new organisation starts with.
import { ACTIONS, RESOURCES } from './permissions';
import type { Action, ActionScopes, PermissionMatrix, Resource, RoleName, Scope } from './permissions';

// Reports are read-only: there is nothing to create, update or delete in them.
const VIEW_ONLY_RESOURCES: readonly Resource[] = [
  'channel_performance',
  'team_performance',
  'agent_performance',
];
const VIEW: readonly Action[] = ['view'];
const VIEW_UPDATE: readonly Action[] = ['view', 'update'];
const VIEW_CREATE_UPDATE: readonly Action[] = ['view', 'create', 'update'];

function grant(actions: readonly Action[], scope: Scope): ActionScopes {
  return Object.fromEntries(actions.map((action) => [action, scope]));
}

function everything(resources: readonly Resource[]): PermissionMatrix {
  return Object.fromEntries(
    resources.map((resource) => [
      resource,
      grant(VIEW_ONLY_RESOURCES.includes(resource) ? VIEW : ACTIONS, 'all'),
    ]),
  );
}

export const DEFAULT_ROLE_MATRIX: Readonly<Record<RoleName, PermissionMatrix>> = {
  SuperAdmin: everything(RESOURCES),
  // Admin runs one organisation, so everything but the organisation switcher.
  Admin: everything(RESOURCES.filter((resource) => resource !== 'organization')),
  Manager: {
    dashboard: grant(VIEW, 'myChannel'),
    issue: grant(VIEW_CREATE_UPDATE, 'myTeam'),
    kanban: grant(VIEW_CREATE_UPDATE, 'myTeam'),
    contact: grant(VIEW_UPDATE, 'myChannel'),
    team_performance: grant(VIEW, 'myTeam'),
    agent_performance: grant(VIEW, 'myTeam'),
    auto_assignment: grant(VIEW_UPDATE, 'myTeam'),
    canned_response: grant(ACTIONS, 'all'),
    team: grant(VIEW_UPDATE, 'myTeam'),
    // No `tag` grant: tagging an issue is an `issue` update; managing tags is an Admin's screen.
  },
  Staff: {
    issue: grant(VIEW_CREATE_UPDATE, 'myIssue'),
    kanban: grant(VIEW_CREATE_UPDATE, 'myIssue'),
    contact: grant(VIEW_UPDATE, 'myChannel'),
    canned_response: grant(ACTIONS, 'myCanned'),
  },
};
