import { useEffect, useRef } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { ArrowLeftOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isFinalStatus, isOpenStatus } from '@sabai/domain';
import { ChannelIcon } from '../../../components/channel-icon';
import { sendPresence, usePresence } from '../../../lib/live-socket';
import { useMe } from '../../../lib/me';
import { useRetrievalNotice } from '../../../lib/notices';
import { RetryNotice } from '../../../components/retry-notice';
import { useFilterOptions, useIssue } from '../api/issues';
import { Composer, type CommentReplyTarget } from './composer';
import { CommentPane } from './comment-thread';
import { IssueActions } from './issue-actions';
import { MessageList } from './message-list';
import { MuteToggle } from './mute-toggle';
import { RunMacroButton } from './run-macro-button';
import { SlaChip } from './sla-chip';
import { StatusTag } from './status-tag';
import { ConversationSummary, SummariseButton, useConversationSummary } from './conversation-summary';
import { SafeText } from '../../../components/safe-text';
import { ApiError } from '../../../lib/api-client';

type ChatPaneProps = {
  issueId: number;
  onOpenIssue: (id: number) => void;
  /** Phones: back to the list, and the info sheet. */
  onBack?: () => void;
  onShowInfo?: () => void;
};

const VIEWING_EVERY_MS = 10_000;
const TYPING_EVERY_MS = 3_000;

/** The open issue: header with its actions and who else is there, the conversation, the composer. */
export function ChatPane({ issueId, onOpenIssue, onBack, onShowInfo }: ChatPaneProps) {
  const { t } = useTranslation();
  const issue = useIssue(issueId);
  const unreachable = unreachableReason(issue.error);
  // An issue that is gone or not theirs says so in place of the chat: no retry could bring it back.
  useRetrievalNotice(issue.isError && !unreachable, 'issue_detail');
  const me = useMe();
  const agents = useFilterOptions().data?.agents;
  const others = usePresence(issueId).filter((p) => p.userId !== me.data?.id);
  const lastTyping = useRef(0);

  // Tell colleagues this issue is open here (its messages' fetch clears the unread marker).
  useEffect(() => {
    sendPresence(issueId, 'viewing');
    const timer = setInterval(() => sendPresence(issueId, 'viewing'), VIEWING_EVERY_MS);
    return () => {
      clearInterval(timer);
      sendPresence(issueId, 'left');
    };
  }, [issueId]);

  // An issue transferred to the reader opens with the summary of the conversation so far.
  const summary = useConversationSummary({
    issueId,
    isTransferred: issue.data ? issue.data.transferredFromIssueId !== null : false,
  });

  if (issue.isLoading) {
    return (
      <div className="chat-pane">
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (!issue.data) {
    if (!unreachable) return <RetryNotice onRetry={() => void issue.refetch()} />;
    return (
      <Empty
        className="chat-pane chat-pane--empty"
        description={t(unreachable === 'forbidden' ? 'inbox.chat.noAccess' : 'inbox.chat.gone')}
        data-testid="issue-unreachable"
      >
        {onBack && <Button onClick={onBack}>{t('inbox.chat.back')}</Button>}
      </Empty>
    );
  }
  const data = issue.data;
  const nameOf = (userId: string) => agents?.find((a) => a.id === userId)?.displayName ?? '…';
  const typing = others.filter((p) => p.state === 'typing').map((p) => nameOf(p.userId));
  const viewing = others.filter((p) => p.state === 'viewing').map((p) => nameOf(p.userId));

  /** The reply box, or why there is none; in a comment thread, answering the comment `comment` names. */
  const replyBox = (comment?: CommentReplyTarget) =>
    data.viewOnly ? (
      // An earlier issue handed over to the reader: the answer belongs in the issue it became.
      <Alert
        className="composer__locked"
        type="info"
        showIcon
        title={t('inbox.chat.viewOnly', { id: data.transferredToIssueId ?? '' })}
        action={
          data.transferredToIssueId !== null && (
            <Button size="small" onClick={() => onOpenIssue(data.transferredToIssueId!)}>
              {t('inbox.chat.openIssue', { id: data.transferredToIssueId })}
            </Button>
          )
        }
        data-testid="view-only"
      />
    ) : (
      <Composer
        key={data.id}
        issue={data}
        comment={comment}
        onTyping={(isReply) => {
          if (Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
          lastTyping.current = Date.now();
          sendPresence(data.id, 'typing', isReply);
        }}
      />
    );

  return (
    <section
      className={`chat-pane${data.kind === 'comment' ? ' chat-pane--comments' : ''}`}
      data-testid="chat-pane"
      data-issue-id={data.id}
      data-kind={data.kind}
    >
      <header className="chat-pane__header">
        {onBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={onBack}
            aria-label={t('inbox.chat.back')}
          />
        )}
        <ChannelIcon type={data.channel.type} size={28} />
        <div className="chat-pane__title">
          <strong data-testid="chat-contact">
            <SafeText text={data.contact.displayName || data.contact.name} />
          </strong>
          <span className="chat-pane__sub">
            #{data.id} · {data.channel.name} <StatusTag status={data.status} />
            {data.sla && isOpenStatus(data.status) && <SlaChip sla={data.sla} />}
          </span>
        </div>
        {/* A closed or transferred issue takes no step: nothing to run a macro on. */}
        {!data.viewOnly && !isFinalStatus(data.status) && <RunMacroButton issue={data} />}
        {!data.viewOnly && <MuteToggle issue={data} />}
        {data.kind !== 'comment' && <SummariseButton state={summary} />}
        {onShowInfo && (
          <Button
            icon={<InfoCircleOutlined />}
            onClick={onShowInfo}
            aria-label={t('inbox.chat.info')}
            data-testid="show-info"
          />
        )}
        {!onShowInfo && <IssueActions issue={data} onTransferred={onOpenIssue} />}
      </header>
      {onShowInfo && (
        <div className="chat-pane__actions">
          <IssueActions issue={data} onTransferred={onOpenIssue} />
        </div>
      )}
      {(typing.length > 0 || viewing.length > 0) && (
        <div className="chat-pane__presence" data-testid="presence">
          {typing.length > 0
            ? t('inbox.chat.typing', { names: typing.join(', ') })
            : t('inbox.chat.viewing', { names: viewing.join(', ') })}
        </div>
      )}
      {data.customerBlocked && (
        <Alert
          className="chat-pane__blocked"
          type="warning"
          showIcon
          banner
          title={t('inbox.chat.customerBlocked')}
          data-testid="customer-blocked"
        />
      )}
      {data.chatInStandby && (
        <Alert
          className="chat-pane__blocked"
          type="info"
          showIcon
          banner
          title={t('inbox.chat.chatInStandby')}
          data-testid="chat-in-standby"
        />
      )}
      {data.kind === 'comment' ? (
        <CommentPane
          key={data.id}
          issue={data}
          isPhone={onShowInfo !== undefined}
          onOpenIssue={onOpenIssue}
          renderComposer={replyBox}
        />
      ) : (
        <>
          <ConversationSummary state={summary} />
          <MessageList
            issueId={data.id}
            transferredFromIssueId={data.transferredFromIssueId}
            onOpenIssue={onOpenIssue}
          />
          {replyBox()}
        </>
      )}
    </section>
  );
}

/**
 * Why an issue cannot be shown at all: the caller's role may not see issues (403), or the issue is not
 * there for them — deleted, or outside their scope, which the server answers alike (404) so that issue
 * numbers say nothing to those who may not see them.
 */
function unreachableReason(error: unknown): 'forbidden' | 'gone' | null {
  if (!(error instanceof ApiError)) return null;
  return error.status === 403 ? 'forbidden' : error.status === 404 ? 'gone' : null;
}
