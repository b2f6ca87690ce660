// Notifications (the bell) and their API (/web-notification). A notification row and
// its `notification.created` event are written in the transaction of the change they announce, so a
// notice exists only if that change committed; the realtime gateway turns the event into the socket
// message that pushes it live.
import type { Notification, NotificationListQuery, NotificationPage } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { publishEvent, publishEvents } from '../../platform/events';
import type { AuthContext } from '../../ports';
import * as repo from './notifications.repo';

/** Records a notification for one user and announces it (`notification.created`) on commit. */
export async function notify(tx: Executor, v: repo.NewNotification): Promise<number> {
  const id = await repo.insertNotification(tx, v);
  await publishEvent(tx, {
    name: 'notification.created',
    organizationId: v.organizationId,
    data: {
      notificationId: id,
      userId: v.userId,
      type: v.type,
      issueId: v.issueId ?? null,
      content: v.content,
    },
  });
  return id;
}

/** The longest name or preview a notice's event carries (events stay small). */
const PREVIEW_MAX = 200;

/**
 * Notifies a batch of customer activity (inside the ingest transaction, two statements however large the
 * batch): each new issue to its team's manager, each issue's latest customer message to its agent.
 */
export async function notifyCustomerActivity(
  tx: Executor,
  activity: { newIssueIds: number[]; messages: Array<{ issueId: number; text: string | null }> },
) {
  // One notice per issue and batch: a burst of ten messages is one "new message", not ten.
  const latest = new Map<number, string>();
  for (const m of activity.messages) latest.set(m.issueId, m.text ?? '');
  const opened = new Set(activity.newIssueIds);
  const rows = await repo.insertForCustomerActivity(tx, {
    newIssueIds: activity.newIssueIds,
    messages: [...latest]
      .filter(([issueId]) => !opened.has(issueId))
      .map(([issueId, text]) => ({ issueId, text })),
  });
  await publishEvents(
    tx,
    rows.map((r) => ({
      name: 'notification.created' as const,
      organizationId: r.organization_id,
      data: {
        notificationId: r.id,
        userId: r.user_id,
        type: r.type,
        issueId: r.issue_id,
        content: r.content,
        // A new issue has no agent yet (assignment runs after commit); a message is addressed to its agent.
        adminUserId: r.type === 'new_message' ? r.user_id : null,
        sender: {
          contactName: r.contact_name.slice(0, PREVIEW_MAX),
          channelName: r.channel_name.slice(0, PREVIEW_MAX),
          channelType: r.channel_type,
          preview: (latest.get(r.issue_id) ?? '').slice(0, PREVIEW_MAX),
        },
      },
    })),
  );
}

const ownerOf = (auth: AuthContext): repo.Owner => ({
  organizationId: auth.organizationId,
  userId: auth.userId,
});

export async function listNotifications(
  deps: Deps,
  auth: AuthContext,
  q: NotificationListQuery,
): Promise<NotificationPage> {
  const rows = await repo.listNotifications(deps.db.orm, ownerOf(auth), {
    ...(q.cursor ? { cursor: q.cursor } : {}),
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r): Notification => ({
      id: r.id,
      issueId: r.issueId,
      content: r.content,
      readStatus: r.readStatus,
      createdDate: r.createdAt.toISOString(),
      channelType: r.channelType,
      channelName: r.channelName,
    })),
    nextCursor: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function countNotifications(deps: Deps, auth: AuthContext): Promise<number> {
  return repo.countCounted(deps.db.orm, ownerOf(auth));
}

/** Marks one of the caller's notifications read; another user's answers 404 like a missing one. */
export async function markNotificationRead(deps: Deps, auth: AuthContext, id: number) {
  if (!(await repo.markRead(deps.db.orm, ownerOf(auth), id))) throw notFound('notification.not_found');
}

/** The user opened an issue: its notifications are read and leave the bell's count. */
export async function markIssueNotificationsRead(ex: Executor, auth: AuthContext, issueId: number) {
  await repo.markIssueRead(ex, ownerOf(auth), issueId);
}

export async function clearNotificationCount(deps: Deps, auth: AuthContext) {
  await repo.clearCount(deps.db.orm, ownerOf(auth));
}

export async function clearAllNotifications(deps: Deps, auth: AuthContext) {
  await repo.deleteAll(deps.db.orm, ownerOf(auth));
}
