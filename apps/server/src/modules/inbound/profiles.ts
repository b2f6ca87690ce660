// A new customer's provider profile (name, picture) is looked up by a job, after their message is stored
// and shown under a placeholder name (the external id): a slow or failing profile API never holds up a
// batch, and other customers' messages never wait for it. The name then fills in, with a
// live update of the customer's issues.
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import { publishEvents } from '../../platform/events';
import { defineJob, jobToSend, type JobOf } from '../../platform/jobs';
import { credentialsOf } from '../channels';
import * as repo from './inbound.repo';

/** Retried with backoff while the provider fails or does not answer (PROVIDER_TIMEOUT_MS): ~2 s … 4 min. */
export const PROFILE_JOB = defineJob('contact.fetch_profile', z.object({ identityId: z.guid() }), {
  retryLimit: 8,
  retryDelay: 2,
  retryBackoff: true,
});

/** Enqueues the profile lookups of newly created identities, in the transaction that created them. */
export async function enqueueProfileLookups(deps: Deps, tx: Executor, identityIds: string[]) {
  await deps.jobs.sendManyInTransaction(
    tx,
    identityIds.map((identityId) => jobToSend(PROFILE_JOB, { identityId })),
  );
}

export async function fetchProfile(deps: Deps, job: JobOf<typeof PROFILE_JOB>) {
  const found = await repo.findIdentityWithChannel(deps.db.orm, job.data.identityId);
  if (!found) return;
  const { identity, channel } = found;
  // Thrown errors (timeouts included) fail the attempt, and pg-boss retries it later.
  const profile = await deps.channels
    .get(channel.type)
    .fetchProfile(credentialsOf(deps, channel), identity.externalUserId);
  if (!profile?.displayName) return;
  await deps.db.orm.transaction(async (tx) => {
    const changed = await repo.fillProfile(tx, identity.id, profile);
    await publishEvents(
      tx,
      changed.map(({ id }) => ({
        name: 'issue.updated' as const,
        organizationId: identity.organizationId,
        data: { issueId: id, fields: ['contact'] },
      })),
    );
  });
}
