// The organisation's own settings (/organization/settings), read by the modules they rule through the
// small readers below.
import { eq } from 'drizzle-orm';
import { FILE_LINK_DAYS } from '@sabai/domain';
import type { OrganizationSettings } from '@sabai/contracts';
import { organizations } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { refreshedPerKey } from '../../platform/refreshed';
import type { AuthContext } from '../../ports';

// Read for every delivery: kept a few seconds per process. A change on this node is seen at once, on
// another within the time to live (links already sent keep their expiry anyway).
const linkDays = refreshedPerKey(5_000, async (ex, organizationId: string) => {
  const [row] = await ex
    .select({ days: organizations.fileLinkExpiryDays })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.days ?? FILE_LINK_DAYS.default;
});

/** Days a link to a file sent to the organisation's customers stays valid (the default once it is gone). */
export function fileLinkExpiryDays(ex: Executor, organizationId: string): Promise<number> {
  return linkDays.get(ex, organizationId);
}

export async function getOrganizationSettings(deps: Deps, auth: AuthContext): Promise<OrganizationSettings> {
  const [row] = await deps.db.orm
    .select({ fileLinkExpiryDays: organizations.fileLinkExpiryDays })
    .from(organizations)
    .where(eq(organizations.id, auth.organizationId));
  if (!row) throw notFound();
  return row;
}

/** Saves the settings (their ranges are checked by the route's schema); links already sent keep their expiry. */
export async function updateOrganizationSettings(
  deps: Deps,
  auth: AuthContext,
  input: OrganizationSettings,
): Promise<OrganizationSettings> {
  const [row] = await deps.db.orm
    .update(organizations)
    .set({ fileLinkExpiryDays: input.fileLinkExpiryDays })
    .where(eq(organizations.id, auth.organizationId))
    .returning({ fileLinkExpiryDays: organizations.fileLinkExpiryDays });
  if (!row) throw notFound();
  linkDays.forget(auth.organizationId);
  return row;
}
