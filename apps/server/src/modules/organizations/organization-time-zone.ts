// The organisation's time zone decides its local days, business hours and the times exports print;
// every module reads it here.
import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema';
import type { Executor } from '../../platform/db';

/** The zone new organisations get (the column's default), also used when the organisation is gone. */
export const DEFAULT_TIME_ZONE = 'Asia/Bangkok';

/** The IANA time zone of an organisation, e.g. 'Asia/Bangkok'. */
export async function organizationTimeZone(ex: Executor, organizationId: string): Promise<string> {
  const [row] = await ex
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
