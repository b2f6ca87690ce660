// The organisation's own settings (/organization/settings), read by the modules they rule through the
// small readers below.
import { eq } from 'drizzle-orm';
import { FILE_LINK_DAYS } from '@sabai/domain';
import type { OrganizationSettings } from '@sabai/contracts';
import { organizations } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../ports';

/** Days a link to a file sent to the organisation's customers stays valid (the default once it is gone). */
export async function fileLinkExpiryDays(ex: Executor, organizationId: string): Promise<number> {
  const [row] = await ex
    .select({ days: organizations.fileLinkExpiryDays })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.days ?? FILE_LINK_DAYS.default;
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
  return row;
}
