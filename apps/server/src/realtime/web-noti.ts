// The messages of the published `webNoti` socket (docs/api.md), built from a
// `notification.created` event: a new issue or a customer's new message travels as
// `{ type, adminUserId, action: "user", issueId, message }`; any other notification as a plain text
// notice ending with a link whose query names the issue (the client strips the link and opens the issue).
import { NOTICE_LINK_PATH, type LiveIssueMessage } from '@sabai/contracts';
import type { LiveEventData } from '@sabai/contracts';

const ISSUE_MESSAGE_TYPES: Record<string, LiveIssueMessage['type']> = {
  new_issue: 'newIssue',
  new_message: 'newMessage',
};

/** The socket text for the recipient of a `notification.created` event. */
export function webNotiMessage(data: LiveEventData<'notification.created'>): string {
  const { content, issueId } = data;
  const type = ISSUE_MESSAGE_TYPES[data.type];
  if (type && issueId !== null) {
    const message: LiveIssueMessage = {
      type,
      adminUserId: data.adminUserId ?? null,
      action: 'user',
      issueId,
      message: content,
      notificationId: data.notificationId,
      ...data.sender,
    };
    return JSON.stringify(message);
  }
  return issueId !== null ? `${content} ${NOTICE_LINK_PATH}?issueId=${issueId}` : content;
}
