// Macros: a saved sequence of steps an agent runs on one issue or on a selection. Kept
// like canned responses: scope all manages everyone's and shares them; myCanned keeps one's own and runs the
// shared ones. A run takes each issue in its own transaction, inside the caller's issue scope, with the
// caller's rights (a Staff member's status step is refused as their own change would be); each step that
// the issue does not allow is skipped with its error code, and the trail shows who ran which macro.
import type { BulkResult, Macro, MacroAction, SaveMacro } from '@sabai/contracts';
import { canChangeIssueStatus, scopeFor, type Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/list-helpers';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { findResponseToSend } from '../canned-responses';
import { lockIssueInScope, recordActivity, type Actor } from '../issues';
import { presentPerson } from '../people';
import { runStep, type StepResult } from './automation.actions';
import * as repo from './automation.repo';
import { assertReferences } from './automation.rules';

const macroNotFound = () => notFound('macro.not_found');

function present(deps: Deps, auth: AuthContext, scope: Scope, row: repo.MacroRow): Macro {
  const mine = scope === 'all' || row.ownerUserId === auth.userId;
  return {
    id: row.id,
    name: row.name,
    isShared: row.ownerUserId === null,
    actions: row.actions,
    owner: presentPerson(deps.fileLinks, row.owner),
    canUpdate: mine,
    canDelete: mine,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listMacros(deps: Deps, auth: AuthContext, scope: Scope) {
  const rows = await repo.listMacros(deps.db.orm, auth.organizationId, auth.userId, scope === 'all');
  return rows.map((row) => present(deps, auth, scope, row));
}

async function getMacro(deps: Deps, auth: AuthContext, scope: Scope, id: string) {
  const found = (await listMacros(deps, auth, scope)).find((m) => m.id === id);
  if (!found) throw macroNotFound();
  return found;
}

/** A macro the caller may change: any with scope all, their own otherwise. */
async function changeable(deps: Deps, auth: AuthContext, scope: Scope, id: string) {
  const row = await repo.findMacro(deps.db.orm, auth.organizationId, id);
  if (!row || (scope !== 'all' && row.ownerUserId !== auth.userId)) throw macroNotFound();
  return row;
}

/**
 * Only scope all shares a macro with the organisation; a personal macro keeps its owner when someone else
 * (scope all) edits it.
 */
function ownerFor(
  auth: AuthContext,
  scope: Scope,
  input: SaveMacro,
  current?: { ownerUserId: string | null },
) {
  if (input.isShared && scope !== 'all') throw forbidden();
  return input.isShared ? null : (current?.ownerUserId ?? auth.userId);
}

/**
 * A macro sends only canned responses its runners may send: the shared ones, and for a personal macro its
 * owner's own (400 automation.reference_missing otherwise).
 */
async function assertSteps(
  deps: Deps,
  auth: AuthContext,
  actions: MacroAction[],
  ownerUserId: string | null,
) {
  await assertReferences(deps.db.orm, auth.organizationId, { conditions: [], actions });
  for (const a of actions) {
    if (a.type !== 'send_canned') continue;
    const response = await findResponseToSend(deps.db.orm, auth.organizationId, a.cannedResponseId);
    if (response?.ownerUserId && response.ownerUserId !== ownerUserId)
      throw badRequest('automation.reference_missing');
  }
}

async function saving<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('macro.name_exists');
    throw err;
  }
}

export async function createMacro(deps: Deps, auth: AuthContext, scope: Scope, input: SaveMacro) {
  const ownerUserId = ownerFor(auth, scope, input);
  await assertSteps(deps, auth, input.actions, ownerUserId);
  const row = await saving(() =>
    repo.insertMacro(deps.db.orm, {
      organizationId: auth.organizationId,
      name: input.name,
      ownerUserId,
      actions: input.actions,
    }),
  );
  return getMacro(deps, auth, scope, row.id);
}

export async function updateMacro(deps: Deps, auth: AuthContext, scope: Scope, id: string, input: SaveMacro) {
  const current = await changeable(deps, auth, scope, id);
  const ownerUserId = ownerFor(auth, scope, input, current);
  await assertSteps(deps, auth, input.actions, ownerUserId);
  await saving(() =>
    repo.updateMacro(deps.db.orm, id, {
      name: input.name,
      ownerUserId,
      actions: input.actions,
      updatedAt: deps.clock.now(),
    }),
  );
  return getMacro(deps, auth, scope, id);
}

export async function deleteMacro(deps: Deps, auth: AuthContext, scope: Scope, id: string) {
  await changeable(deps, auth, scope, id);
  await repo.deleteMacro(deps.db.orm, id);
}

/** For the audit trail's before and after. */
export const macroForAudit = getMacro;

/**
 * Runs a macro the caller may use (shared, or their own; any with scope all) on each issue, in order;
 * resolves to each issue's outcome with its steps.
 */
export async function runMacro(
  deps: Deps,
  auth: AuthContext,
  issueScope: Scope,
  id: string,
  issueIds: number[],
): Promise<BulkResult> {
  // Whom the caller's macros reach: their canned response scope (all: everyone's).
  const cannedScope = scopeFor(auth.role, 'canned_response', 'view');
  const macro = await repo.findMacro(deps.db.orm, auth.organizationId, id);
  const usable = macro && (cannedScope === 'all' || !macro.ownerUserId || macro.ownerUserId === auth.userId);
  if (!usable) throw macroNotFound();
  const results: BulkResult['results'] = [];
  for (const issueId of [...new Set(issueIds)])
    results.push(await runOn(deps, auth, issueScope, macro, issueId));
  return { results };
}

async function runOn(
  deps: Deps,
  auth: AuthContext,
  issueScope: Scope,
  macro: { id: string; name: string; actions: MacroAction[] },
  issueId: number,
) {
  const now = deps.clock.now();
  try {
    const steps = await deps.db.orm.transaction(async (tx) => {
      const issue = await lockIssueInScope(tx, auth.organizationId, auth.userId, issueScope, issueId);
      if (!issue) throw notFound('issue.not_found');
      const actor: Actor & { automation: NonNullable<Actor['automation']> } = {
        organizationId: auth.organizationId,
        userId: auth.userId,
        canChangeStatus: canChangeIssueStatus(auth.roleName),
        automation: { source: 'macro', id: macro.id, name: macro.name, chain: { depth: 0, ruleIds: [] } },
      };
      const taken: StepResult[] = [];
      for (const action of macro.actions) taken.push(await runStep(deps, tx, actor, issueId, action, now));
      await recordActivity(tx, {
        organizationId: auth.organizationId,
        issueId,
        actorUserId: auth.userId,
        kind: 'macro_run',
        data: { automation: { source: 'macro', id: macro.id, name: macro.name, steps: taken } },
        createdAt: now,
      });
      return taken;
    });
    return { issueId, ok: steps.every((s) => s.ok), code: steps.find((s) => !s.ok)?.code ?? null, steps };
  } catch (err) {
    if (err instanceof AppError) return { issueId, ok: false, code: err.code, steps: null };
    throw err;
  }
}
