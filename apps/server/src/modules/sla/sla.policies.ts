// Service level policies (settings): one per team and channel pair; a change applies to the open issues at
// once (a job computes their clocks again).
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { SaveSlaPolicy, SlaPolicy } from '@sabai/contracts';
import { isUniqueViolation } from '../../db/list-helpers';
import { slaPolicies, teams } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';
import type { AuthContext } from '../../ports';
import { findChannel } from '../channels';
import { refreshSla } from './sla.clocks';
import * as repo from './sla.repo';
import { forgetOrganization } from './sla.settings-cache';

/** Computes the clocks of an organisation's open issues again after a policy changed. */
export const SLA_RECOMPUTE_JOB = defineJob('sla.recompute', z.object({ organizationId: z.uuid() }), {
  retryLimit: 3,
});

const present = (p: repo.PolicyRow): SlaPolicy => ({
  id: p.id,
  name: p.name,
  teamId: p.teamId,
  channelId: p.channelId,
  firstResponseMinutes: p.firstResponseMinutes,
  nextResponseMinutes: p.nextResponseMinutes,
  resolutionMinutes: p.resolutionMinutes,
  businessHours: p.businessHours,
  isActive: p.isActive,
  updatedAt: p.updatedAt.toISOString(),
});

export async function listPolicies(deps: Deps, auth: AuthContext) {
  return (await repo.listPolicies(deps.db.orm, auth.organizationId)).map(present);
}

export async function getPolicy(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findPolicy(deps.db.orm, auth.organizationId, id);
  if (!row) throw notFound('sla.not_found');
  return present(row);
}

/** The team and channel must be the organisation's. */
async function assertScope(ex: Executor, organizationId: string, input: SaveSlaPolicy) {
  if (input.channelId && !(await findChannel(ex, organizationId, input.channelId)))
    throw notFound('channel.not_found');
  if (input.teamId) {
    const [team] = await ex
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, input.teamId), eq(teams.organizationId, organizationId)));
    if (!team) throw notFound('team.not_found');
  }
}

async function saved(
  deps: Deps,
  auth: AuthContext,
  write: (tx: Executor) => Promise<repo.PolicyRow | undefined>,
) {
  try {
    const row = await deps.db.orm.transaction(async (tx) => {
      const written = await write(tx);
      if (!written) throw notFound('sla.not_found');
      await deps.jobs.sendInTransaction(tx, SLA_RECOMPUTE_JOB, { organizationId: auth.organizationId });
      return written;
    });
    forgetOrganization(auth.organizationId);
    return present(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('sla.duplicate_scope');
    throw err;
  }
}

export async function createPolicy(deps: Deps, auth: AuthContext, input: SaveSlaPolicy) {
  await assertScope(deps.db.orm, auth.organizationId, input);
  return saved(deps, auth, async (tx) => {
    const [row] = await tx
      .insert(slaPolicies)
      .values({ ...input, organizationId: auth.organizationId })
      .returning();
    return row;
  });
}

export async function updatePolicy(deps: Deps, auth: AuthContext, id: string, input: SaveSlaPolicy) {
  await assertScope(deps.db.orm, auth.organizationId, input);
  return saved(deps, auth, async (tx) => {
    const [row] = await tx
      .update(slaPolicies)
      .set({ ...input, updatedAt: deps.clock.now() })
      .where(and(eq(slaPolicies.id, id), eq(slaPolicies.organizationId, auth.organizationId)))
      .returning();
    return row;
  });
}

export async function deletePolicy(deps: Deps, auth: AuthContext, id: string) {
  await saved(deps, auth, async (tx) => {
    const [row] = await tx
      .delete(slaPolicies)
      .where(and(eq(slaPolicies.id, id), eq(slaPolicies.organizationId, auth.organizationId)))
      .returning();
    return row;
  });
}

const RECOMPUTE_CHUNK = 500;

/** The job: every open issue of the organisation, a chunk per transaction. */
export async function recomputeOrganization(deps: Deps, organizationId: string) {
  // The change may come from another process: this one reads the policies afresh too.
  forgetOrganization(organizationId);
  if ((await repo.activePolicies(deps.db.orm, [organizationId])).length === 0) {
    await deps.db.orm.transaction((tx) => repo.dropOrganizationClocks(tx, organizationId));
    return;
  }
  let after = 0;
  for (;;) {
    const ids = await repo.openIssueIds(deps.db.orm, organizationId, after, RECOMPUTE_CHUNK);
    if (ids.length === 0) return;
    await deps.db.orm.transaction((tx) =>
      refreshSla(
        tx,
        deps.clock.now(),
        ids.map((issueId) => ({ issueId, organizationId })),
      ),
    );
    after = ids.at(-1)!;
  }
}
