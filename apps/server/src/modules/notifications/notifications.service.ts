// Notifications of spec §3 (the bell). This issue only records them; listing, reading and clearing them
// is the notifications API of a later issue. The row and its event are written in the caller's transaction,
// so a notice exists only if the change it announces committed.
import { publishEvent } from '../../platform/events';
import type { Executor } from '../../platform/db';
import { insertNotification, type NewNotification } from './notifications.repo';

/** Records a notification for one user and announces it (`notification.created`) on commit. */
export async function notify(tx: Executor, v: NewNotification): Promise<number> {
  const id = await insertNotification(tx, v);
  await publishEvent(tx, {
    name: 'notification.created',
    organizationId: v.organizationId,
    data: { notificationId: id, userId: v.userId, type: v.type, issueId: v.issueId ?? null },
  });
  return id;
}
