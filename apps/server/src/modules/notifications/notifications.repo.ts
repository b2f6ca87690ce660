import { notifications } from '../../db/schema';
import type { Executor } from '../../platform/db';

export type NewNotification = {
  organizationId: string;
  userId: string;
  type: string;
  content: string;
  issueId?: number | null;
  channelType?: 'line' | 'facebook' | 'instagram' | null;
  channelName?: string | null;
  createdAt?: Date;
};

export async function insertNotification(ex: Executor, v: NewNotification) {
  const [row] = await ex
    .insert(notifications)
    .values({
      organizationId: v.organizationId,
      userId: v.userId,
      type: v.type,
      content: v.content,
      issueId: v.issueId ?? null,
      channelType: v.channelType ?? null,
      channelName: v.channelName ?? null,
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning({ id: notifications.id });
  return row!.id;
}
