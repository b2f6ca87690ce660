// Permissions by resource, action and scope, carried in the access token's `role` claim as
// a list of { menu, subdetail } entries. The server enforces them; the web only reflects them.

export const RESOURCES = [
  'dashboard',
  'kanban',
  'issue',
  'contact',
  'channel_performance',
  'team_performance',
  'agent_performance',
  'team',
  'user',
  'channel',
  'auto_assignment',
  'canned_response',
  'tag',
  'organization',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const SCOPES = ['all', 'myChannel', 'myTeam', 'myIssue', 'myCanned'] as const;
export type Scope = (typeof SCOPES)[number];

export const ROLE_NAMES = ['SuperAdmin', 'Admin', 'Manager', 'Staff'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

// Nobody hands out or touches a role above their own: a SuperAdmin's only a SuperAdmin, an Admin's only an
// Admin or SuperAdmin (a Manager or Staff role that an Admin granted `user` rights to stays below them).
const ROLE_RANK: Readonly<Record<RoleName, number>> = { Staff: 0, Manager: 0, Admin: 1, SuperAdmin: 2 };

/** Whether a user of role `actor` may grant `role`, or edit and remove a user who holds it. */
export function mayHandleRole(actor: RoleName, role: RoleName): boolean {
  return ROLE_RANK[role] <= ROLE_RANK[actor];
}

export type ActionScopes = Partial<Record<Action, Scope>>;
export type PermissionMatrix = Partial<Record<Resource, ActionScopes>>;

/** One entry of the token's `role` claim; `subdetail` is JSON such as '{"view":"all","update":"all"}'. */
export type RoleEntry = { menu: string; subdetail: string };

/** Whether a string names a resource. */
export function isResource(value: string): value is Resource {
  return (RESOURCES as readonly string[]).includes(value);
}

/** Whether a string names an action. */
export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

/** Whether a value is a known scope. */
export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/** Turns a matrix into token role entries, in RESOURCES and ACTIONS order, skipping empty resources. */
export function toRoleEntries(matrix: PermissionMatrix): RoleEntry[] {
  const entries: RoleEntry[] = [];
  for (const resource of RESOURCES) {
    const granted = matrix[resource];
    if (!granted) continue;
    const ordered: ActionScopes = {};
    for (const action of ACTIONS) {
      const scope = granted[action];
      if (scope) ordered[action] = scope;
    }
    if (Object.keys(ordered).length > 0) entries.push({ menu: resource, subdetail: JSON.stringify(ordered) });
  }
  return entries;
}

function isRoleEntry(value: unknown): value is RoleEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { menu, subdetail } = value as Record<string, unknown>;
  return typeof menu === 'string' && typeof subdetail === 'string';
}

// The web decodes the token without validating it, so anything here may be malformed: keep only
// known actions with known scopes. Unknown scopes count as no grant (fail closed).
function parseSubdetail(subdetail: string): ActionScopes {
  let parsed: unknown;
  try {
    parsed = JSON.parse(subdetail);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const scopes: ActionScopes = {};
  for (const [action, scope] of Object.entries(parsed)) {
    if (isAction(action) && isScope(scope)) scopes[action] = scope;
  }
  return scopes;
}

/** Reads token role entries back into a matrix, ignoring unknown menus and malformed subdetail; the first grant of an action wins. */
export function fromRoleEntries(entries: readonly RoleEntry[]): PermissionMatrix {
  const matrix: PermissionMatrix = {};
  const list: readonly unknown[] = Array.isArray(entries) ? entries : [];
  for (const entry of list) {
    if (!isRoleEntry(entry) || !isResource(entry.menu)) continue;
    const scopes = parseSubdetail(entry.subdetail);
    if (Object.keys(scopes).length === 0) continue;
    // A menu should appear once; if it repeats, the first grant of each action wins.
    matrix[entry.menu] = { ...scopes, ...matrix[entry.menu] };
  }
  return matrix;
}

/** The scope the role entries grant for an action on a resource, if any. */
export function scopeFor(
  entries: readonly RoleEntry[],
  resource: Resource,
  action: Action,
): Scope | undefined {
  return fromRoleEntries(entries)[resource]?.[action];
}

/**
 * Allowed if the entries grant a scope for the action; with an allowed list the
 * scope must be in it (an empty list allows nothing), without one any scope counts.
 */
export function isAllowed(
  entries: readonly RoleEntry[],
  resource: Resource,
  action: Action,
  allowedScopes?: readonly Scope[],
): boolean {
  const scope = scopeFor(entries, resource, action);
  if (scope === undefined) return false;
  return allowedScopes === undefined || allowedScopes.includes(scope);
}

/** Known role names in a role list, given as an array or as the stored list string (e.g. '["SuperAdmin"]'); case-insensitive. */
export function roleNamesOf(roleNames: readonly string[] | string): RoleName[] {
  const words = typeof roleNames === 'string' ? (roleNames.match(/[A-Za-z]+/g) ?? []) : roleNames;
  const wanted = new Set(words.map((word) => word.trim().toLowerCase()));
  return ROLE_NAMES.filter((name) => wanted.has(name.toLowerCase()));
}

/** Whether the role list contains SuperAdmin (detected by containment). */
export function isSuperAdmin(roleNames: readonly string[] | string): boolean {
  return roleNamesOf(roleNames).includes('SuperAdmin');
}
