// Comments on the demo Facebook Page's posts, played through the simulator: a post, the
// people commenting on it, and what the Page did to each comment (replies, likes, hiding, deleting).
import { randomBytes } from 'node:crypto';
import { inject } from './stack';
import { AdminClient } from '@sabai/simulator';
import type { ApiSession } from './api';
import { issueOf } from './customers';
import { DEMO_PAGE } from './simulator';

/** A new post on the demo Page (registered at the simulator the first time, as the demo does). */
export async function demoPagePost(text: string) {
  const admin = new AdminClient(inject('simulatorUrl'));
  if (!JSON.stringify(await admin.describe()).includes(DEMO_PAGE.pageId)) await admin.addPage(DEMO_PAGE);
  const post = await admin.publishPost(DEMO_PAGE.pageId, { text });
  /** A new person (named `label` and a random suffix) who comments on the post. */
  const commenter = (label: string) => {
    const name = `${label} ${randomBytes(3).toString('hex')}`;
    const userId = `9${Date.now()}${randomBytes(2).readUInt16BE()}`.slice(0, 16);
    return {
      name,
      /** Their comment on the post (or a reply to `parentId`); its id once the webhook was delivered. */
      says: async (text: string, parentId?: string) =>
        (
          await admin.comment(DEMO_PAGE.pageId, userId, post.postId, text, {
            name,
            ...(parentId ? { parentId } : {}),
          })
        ).commentId,
    };
  };
  return {
    ...post,
    commenter,
    /** What the Page did to a comment: hidden, liked, deleted, public replies, private replies. */
    state: (commentId: string) => admin.commentState(commentId),
  };
}

/** The comment issue of the commenter named `name`, once it exists, given to `userId` by `admin`. */
export async function assignedCommentIssue(admin: ApiSession, userId: string, name: string) {
  const issueId = await issueOf(admin, name);
  await admin.call('PUT', `/issues/${issueId}/assignee`, { userId });
  return issueId;
}
