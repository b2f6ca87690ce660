import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Image, Skeleton, Spin, Tag, Tooltip } from 'antd';
import {
  CommentOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LikeFilled,
  LikeOutlined,
  LockOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CommentAction } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { isImageMime, visibleText } from '@sabai/domain';
import { RetryNotice } from '../../../components/retry-notice';
import { SafeText } from '../../../components/safe-text';
import { TextWithNames } from '../../../components/text-with-names';
import { personName } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useCommentAction } from '../api/comments';
import type { IssueDetail } from '../api/issues';
import { useIssueActivity } from '../api/issues';
import { useMessages, useRepliesSending, useRetryMessage, type Message } from '../api/messages';
import {
  commentThread,
  latestCustomerComment,
  privateReplyState,
  type CommentNode,
} from '../utils/comment-thread';
import { deliveryFailure } from '../utils/delivery-failure';
import { fullTime, shortTime } from '../utils/time';
import { ActivityLine } from './activity-line';
import type { CommentReplyTarget } from './composer';
import { REPLY_BOX_ID } from './composer-ids';
import { LinkedText } from './linked-text';
import { MessageBubble } from './message-bubble';
import { PostPreview } from './post-preview';
import { PrivateReplyModal } from './private-reply';

const PLATFORM = { facebook: 'Facebook', instagram: 'Instagram', line: 'LINE' } as const;
const DONE: Record<CommentAction, TranslationKey> = {
  like: 'inbox.comments.thread.done.like',
  unlike: 'inbox.comments.thread.done.unlike',
  hide: 'inbox.comments.thread.done.hide',
  unhide: 'inbox.comments.thread.done.unhide',
  delete: 'inbox.comments.thread.done.delete',
};

type CommentPaneProps = {
  issue: IssueDetail;
  isPhone: boolean;
  onOpenIssue: (id: number) => void;
  /** The reply box under the thread (or why there is none), given the comment a reply answers. */
  renderComposer: (target: CommentReplyTarget) => ReactNode;
};

/**
 * A comment issue: the post, then the commenter's comments with the replies to each
 * underneath, each customer comment with its actions (reply publicly or privately, like, hide, delete), and
 * the reply box answering the comment chosen with Reply, else the latest one. Render it with
 * `key={issue.id}`: the comment chosen belongs to one issue.
 */
export function CommentPane({ issue, isPhone, onOpenIssue, renderComposer }: CommentPaneProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const query = useMessages(issue.id);
  useRetrievalNotice(query.isError, 'issue_detail');
  const retry = useRetryMessage(issue.id);
  const sending = useRepliesSending(issue.id, useMe().data?.displayName ?? '');
  const activity = useIssueActivity(issue.id).data;
  const messages = useMemo(() => {
    const stored = (query.data?.pages ?? []).flatMap((page) => page.items);
    const known = new Set(stored.map((m) => m.clientId));
    return [...stored, ...sending.filter((m) => !known.has(m.clientId))];
  }, [query.data, sending]);
  const items = useMemo(() => commentThread(messages, activity ?? []), [messages, activity]);

  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = messages.find((m) => m.id === chosenId && !m.comment?.deleted) ?? null;
  const target: CommentReplyTarget = {
    target: chosen ?? latestCustomerComment(messages),
    isChosen: chosen !== null,
    onCancel: () => setChosenId(null),
  };
  const replyTo = (message: Message) => {
    setChosenId(message.id);
    document.getElementById(REPLY_BOX_ID)?.focus();
  };

  // Opens at the newest comment, and follows new ones while the reader is at the bottom.
  const scrollRef = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && isAtBottom.current) el.scrollTop = el.scrollHeight;
  }, [items]);
  const onScroll = () => {
    const el = scrollRef.current;
    if (el) isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const context: ItemContext = {
    issue,
    chosenId: target.isChosen ? chosenId : null,
    onReply: replyTo,
    onOpenIssue,
    onRetry: (id) => retry.mutate(id, { onError: (error) => notice.error(error) }),
    retryingId: retry.isPending ? (retry.variables ?? null) : null,
  };
  const preview = issue.postId && (
    <PostPreview
      postId={issue.postId}
      channelType={issue.channel.type}
      isReadOnly={issue.viewOnly}
      isPhone={isPhone}
      onOpenIssue={onOpenIssue}
    />
  );

  return (
    <>
      {!isPhone && preview}
      <div
        ref={scrollRef}
        className="comment-thread"
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={t('inbox.comments.thread.label')}
        data-testid="comment-thread"
      >
        {isPhone && preview}
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} className="comment-thread__loading" />
        ) : query.isError && messages.length === 0 ? (
          <RetryNotice onRetry={() => void query.refetch()} />
        ) : (
          <>
            {query.hasNextPage && (
              <Button
                type="link"
                size="small"
                className="comment-thread__earlier"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {t('inbox.comments.thread.loadEarlier')}
              </Button>
            )}
            {items.length === 0 ? (
              <p className="comment-thread__empty">{t('inbox.comments.thread.empty')}</p>
            ) : (
              <ol className="comment-thread__items">
                {items.map((item) => (
                  <li key={item.key}>
                    {'node' in item ? (
                      <CommentItem node={item.node} depth={0} context={context} />
                    ) : 'message' in item ? (
                      <MessageBubble message={item.message} onOpenIssue={onOpenIssue} />
                    ) : (
                      <ActivityLine activity={item.activity} />
                    )}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      {renderComposer(target)}
    </>
  );
}

type ItemContext = {
  issue: IssueDetail;
  /** The comment the reply box answers, when the agent chose it. */
  chosenId: number | null;
  onReply: (message: Message) => void;
  onOpenIssue: (id: number) => void;
  onRetry: (messageId: number) => void;
  retryingId: number | null;
};

/** A comment (or the page's reply), its badges, actions and private reply, then the replies to it. */
function CommentItem({ node, depth, context }: { node: CommentNode; depth: number; context: ItemContext }) {
  const { t } = useTranslation();
  const { message } = node;
  const comment = message.comment;
  const isOurs = message.direction === 'outbound';
  const isNote = message.isPrivateNote;
  const agent = personName(t, message.senderName ?? '', message.senderDeleted);
  const failure = message.deliveryStatus === 'failed' ? deliveryFailure(t, message.providerError) : null;
  const isChosen = context.chosenId === message.id;
  return (
    <>
      <article
        className={[
          'comment',
          isOurs ? 'comment--ours' : 'comment--customer',
          isNote ? 'comment--note' : '',
          comment?.deleted ? 'comment--deleted' : '',
          comment?.hidden ? 'comment--hidden' : '',
          isChosen ? 'comment--chosen' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        data-testid="comment"
        data-message-id={message.id}
        data-comment-id={comment?.commentId || undefined}
        data-side={isOurs ? 'ours' : 'customer'}
      >
        <header className="comment__head">
          {isOurs ? (
            <span className="comment__author comment__author--ours">
              <CommentOutlined aria-hidden />{' '}
              {agent ? (
                <TextWithNames
                  sentence={(names) => t('inbox.comments.thread.pageBy', { name: names.name })}
                  names={{ name: agent }}
                />
              ) : (
                t('inbox.comments.thread.page')
              )}
            </span>
          ) : (
            <strong className="comment__author" data-testid="comment-author">
              <SafeText text={comment?.authorName || message.senderName} />
            </strong>
          )}
          <time className="comment__time" dateTime={message.createdAt} title={fullTime(message.createdAt)}>
            {shortTime(message.createdAt)}
          </time>
          {comment?.liked && (
            <Tag icon={<LikeFilled />} color="blue" className="comment__badge" data-testid="badge-liked">
              {t('inbox.comments.thread.liked')}
            </Tag>
          )}
          {comment?.hidden && !comment.deleted && (
            <Tooltip title={t('inbox.comments.thread.hiddenHint')}>
              <Tag icon={<EyeInvisibleOutlined />} className="comment__badge" data-testid="badge-hidden">
                {t('inbox.comments.thread.hidden')}
              </Tag>
            </Tooltip>
          )}
          {comment?.deleted && (
            <Tag
              icon={<DeleteOutlined />}
              color="error"
              className="comment__badge"
              data-testid="badge-deleted"
            >
              {t('inbox.comments.thread.deleted')}
            </Tag>
          )}
        </header>
        {depth === 0 && !isOurs && comment?.parentId && (
          <p className="comment__elsewhere">
            <RollbackOutlined aria-hidden /> {t('inbox.comments.thread.elsewhere')}
          </p>
        )}
        {message.text && (
          <div className="comment__text">
            <LinkedText text={message.text} />
          </div>
        )}
        {message.attachments.map((file) =>
          isImageMime(file.mimeType) ? (
            <Image
              key={file.id}
              src={file.url}
              alt={visibleText(file.filename)}
              width={160}
              className="comment__image"
            />
          ) : null,
        )}
        {isOurs && message.deliveryStatus === 'pending' && (
          <p className="comment__status" data-testid="delivery-status">
            {t('inbox.delivery.pending')}
          </p>
        )}
        {failure && (
          <p className="comment__failure" data-testid="delivery-failure">
            {failure}
            {message.id > 0 && (
              <Button
                size="small"
                danger
                loading={context.retryingId === message.id}
                onClick={() => context.onRetry(message.id)}
                data-testid="retry-message"
              >
                {t('inbox.chat.retry')}
              </Button>
            )}
          </p>
        )}
        {comment && !context.issue.viewOnly && <CommentActions message={message} context={context} />}
        {comment?.privateReply && !isOurs && (
          <PrivateReplyStatus reply={comment.privateReply} onOpenIssue={context.onOpenIssue} />
        )}
      </article>
      {node.replies.length > 0 && (
        <ol className={`comment__replies${depth >= 1 ? ' comment__replies--flat' : ''}`}>
          {node.replies.map((reply) => (
            <li key={reply.message.clientId ?? reply.message.id}>
              <CommentItem node={reply} depth={depth + 1} context={context} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * What the agent may do with a comment: reply publicly (the reply box's target) or privately, like (Facebook
 * only), hide and delete (confirmed first). The page's own replies may only be deleted.
 */
function CommentActions({ message, context }: { message: Message; context: ItemContext }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [confirm, confirmHolder] = useConfirm();
  const action = useCommentAction(context.issue.id);
  const [isPrivateOpen, setIsPrivateOpen] = useState(false);
  const comment = message.comment!;
  const isOurs = message.direction === 'outbound';
  const platform = PLATFORM[context.issue.channel.type];
  const name = comment.authorName || message.senderName || '';
  // A reply of ours still on its way has no comment on the platform yet.
  if (comment.deleted || (isOurs && (!comment.commentId || message.id < 0))) return null;

  const run = (kind: CommentAction) =>
    action.mutateAsync(
      { messageId: message.id, action: kind },
      {
        onSuccess: () => notice.success(DONE[kind]),
        onError: (error) => notice.error(error),
      },
    );
  const isRunning = (kind: CommentAction) => action.isPending && action.variables?.action === kind;
  const askDelete = () =>
    confirm({
      title: t(isOurs ? 'inbox.comments.thread.confirmDeleteOurs' : 'inbox.comments.thread.confirmDelete'),
      content: isOurs
        ? t('inbox.comments.thread.confirmDeleteOursText', { platform })
        : t('inbox.comments.thread.confirmDeleteText', { name, platform }),
      okText: t('inbox.comments.thread.delete'),
      onOk: () => run('delete').then(() => undefined),
    });
  const deleteButton = (
    <Button
      type="text"
      size="small"
      danger
      icon={<DeleteOutlined />}
      loading={isRunning('delete')}
      onClick={askDelete}
      data-testid="comment-delete"
    >
      {t('inbox.comments.thread.delete')}
    </Button>
  );

  if (isOurs) {
    return (
      <div className="comment__actions" role="group" aria-label={t('inbox.comments.thread.page')}>
        {deleteButton}
        {confirmHolder}
      </div>
    );
  }

  const privateState = privateReplyState(message);
  const privateBlocked =
    privateState === 'sent' || privateState === 'pending'
      ? t('inbox.comments.privateReply.alreadySent')
      : privateState === 'expired'
        ? t('inbox.comments.privateReply.expired')
        : null;
  const privateButton = (
    <Button
      type="text"
      size="small"
      icon={<SendOutlined />}
      disabled={privateBlocked !== null}
      onClick={() => setIsPrivateOpen(true)}
      data-testid="comment-private-reply"
    >
      {t('inbox.comments.thread.replyPrivately')}
    </Button>
  );
  return (
    <div className="comment__actions" role="group" aria-label={t('inbox.comments.thread.actions', { name })}>
      <Button
        type="text"
        size="small"
        icon={<RollbackOutlined />}
        onClick={() => context.onReply(message)}
        aria-pressed={context.chosenId === message.id}
        data-testid="comment-reply"
      >
        {t('inbox.comments.thread.reply')}
      </Button>
      {privateBlocked ? <Tooltip title={privateBlocked}>{privateButton}</Tooltip> : privateButton}
      {context.issue.channel.type === 'facebook' && (
        <Button
          type="text"
          size="small"
          icon={comment.liked ? <LikeFilled /> : <LikeOutlined />}
          loading={isRunning('like') || isRunning('unlike')}
          onClick={() => void run(comment.liked ? 'unlike' : 'like').catch(() => undefined)}
          aria-pressed={comment.liked}
          data-testid="comment-like"
        >
          {t(comment.liked ? 'inbox.comments.thread.unlike' : 'inbox.comments.thread.like')}
        </Button>
      )}
      <Button
        type="text"
        size="small"
        icon={comment.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        loading={isRunning('hide') || isRunning('unhide')}
        onClick={() => void run(comment.hidden ? 'unhide' : 'hide').catch(() => undefined)}
        data-testid="comment-hide"
      >
        {t(comment.hidden ? 'inbox.comments.thread.unhide' : 'inbox.comments.thread.hide')}
      </Button>
      {deleteButton}
      {confirmHolder}
      <PrivateReplyModal
        message={message}
        channelType={context.issue.channel.type}
        issueId={context.issue.id}
        isOpen={isPrivateOpen}
        onClose={() => setIsPrivateOpen(false)}
      />
    </div>
  );
}

/** The private reply's outcome under its comment: on its way, sent (with its chat), or why it failed. */
function PrivateReplyStatus({
  reply,
  onOpenIssue,
}: {
  reply: NonNullable<NonNullable<Message['comment']>['privateReply']>;
  onOpenIssue: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (reply.status === 'pending') {
    return (
      <p className="comment__private" role="status" data-testid="private-reply-pending">
        <Spin size="small" /> {t('inbox.comments.privateReply.pending')}
      </p>
    );
  }
  if (reply.status === 'failed') {
    return (
      <p className="comment__private comment__private--failed" data-testid="private-reply-failed">
        {t('inbox.comments.privateReply.failed', {
          reason: deliveryFailure(t, reply.error) ?? '',
        })}
      </p>
    );
  }
  return (
    <p className="comment__private" data-testid="private-reply-sent">
      <LockOutlined aria-hidden /> {t('inbox.comments.privateReply.sent')}
      {reply.issueId !== null && (
        <>
          {' · '}
          <Button
            type="link"
            size="small"
            className="comment__private-link"
            onClick={() => onOpenIssue(reply.issueId!)}
            data-testid="open-private-chat"
          >
            {t('inbox.comments.privateReply.openChat', { id: reply.issueId })}
          </Button>
        </>
      )}
    </p>
  );
}
