// The comments inbox's jobs: reading a post's preview, and sending a private reply (Meta answers with the
// commenter's inbox id, which decides the chat issue the reply is stored in).
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

export const POST_PREVIEW_JOB = defineJob('comment.post_preview', z.object({ postId: z.uuid() }), {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
});

export const PRIVATE_REPLY_JOB = defineJob(
  'comment.private_reply',
  z.object({
    commentMessageId: z.number().int().positive(),
    text: z.string().min(1),
    /** The agent who wrote it; null for a comment rule's automatic reply. */
    userId: z.uuid().nullable(),
    /** A rule's public answer under the comment, posted once the private reply went. */
    publicReply: z.string().default(''),
  }),
  { retryLimit: 4, retryDelay: 2, retryBackoff: true },
);

/** Meta echoes a private reply's metadata: its job records the reply where it went. */
export const privateReplyMetadata = (commentMessageId: number) => `sabai-pr:${commentMessageId}`;
export const isPrivateReplyMetadata = (metadata: unknown) =>
  typeof metadata === 'string' && /^sabai-pr:\d{1,15}$/.test(metadata);
