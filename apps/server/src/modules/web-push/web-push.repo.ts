import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { deviceTokens, users } from '../../db/schema';
import type { Executor } from '../../platform/db';

/** A browser's push subscription, as the device row stores it. */
export type PushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Stores the browser's subscription as a device token of the user; the same endpoint again keeps its token. */
export async function saveDevice(
  ex: Executor,
  device: { userId: string; organizationId: string; token: string; subscription: PushSubscription },
) {
  const [existing] = await ex
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .where(
      and(
        eq(deviceTokens.userId, device.userId),
        sql`${deviceTokens.subscription}->>'endpoint' = ${device.subscription.endpoint}`,
      ),
    );
  if (existing) {
    await ex
      .update(deviceTokens)
      .set({ subscription: device.subscription, organizationId: device.organizationId })
      .where(and(eq(deviceTokens.userId, device.userId), eq(deviceTokens.token, existing.token)));
    return existing.token;
  }
  await ex.insert(deviceTokens).values(device);
  return device.token;
}

/** The push subscriptions of a user in an organisation whose web notifications are on. */
export async function subscriptionsOf(ex: Executor, userId: string, organizationId: string) {
  return ex
    .select({ token: deviceTokens.token, subscription: deviceTokens.subscription })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(
      and(
        eq(deviceTokens.userId, userId),
        eq(deviceTokens.organizationId, organizationId),
        isNotNull(deviceTokens.subscription),
        eq(users.notifyWeb, true),
        eq(users.isActive, true),
      ),
    );
}

/** Users with at least one push subscription: the only ones a notification may be pushed to. */
export async function usersWithDevices(ex: Executor) {
  const rows = await ex
    .selectDistinct({ userId: deviceTokens.userId })
    .from(deviceTokens)
    .where(isNotNull(deviceTokens.subscription));
  return rows.map((r) => r.userId);
}

/** A subscription the push service says is gone (404, 410). */
export async function removeDevice(ex: Executor, userId: string, token: string) {
  await ex.delete(deviceTokens).where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.token, token)));
}
