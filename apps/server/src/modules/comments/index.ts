/** The comments inbox: comments of Facebook posts and Instagram media as issues. */
export {
  POST_PREVIEW_JOB,
  PRIVATE_REPLY_JOB,
  isPrivateReplyMetadata,
  privateReplyMetadata,
} from './comments.jobs-def';
export { fetchPostPreview, sendPrivateReply } from './comments.jobs';
export { commentRoutes } from './comments.routes';
export { commentOf, presentPost } from './comments.service';
/** What the ingest needs to apply a comment: posts, threads, rules, orders. */
export {
  activeRules,
  claimRuleReply,
  createThread,
  deleteOrder,
  findCommentMessage,
  findOpenIssueOfComment,
  findOpenThreadForUpdate,
  insertOrder,
  patchComment,
  pendingReplyExists,
  upsertPostOf,
  findPost,
} from './comments.repo';
