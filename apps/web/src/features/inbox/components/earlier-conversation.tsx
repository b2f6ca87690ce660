import { Button, Skeleton } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEarlierMessages } from '../api/messages';
import { MessageBubble } from './message-bubble';

type EarlierConversationProps = { issueId: number; onOpenIssue: (id: number) => void };

/**
 * The end of the issue this one was transferred from, above its first message: the receiving
 * agent reads what was said before, read-only, and may open the earlier issue itself (view only).
 */
export function EarlierConversation({ issueId, onOpenIssue }: EarlierConversationProps) {
  const { t } = useTranslation();
  const earlier = useEarlierMessages(issueId);
  const title = t('inbox.chat.earlier', { id: issueId });
  return (
    <section className="earlier-conversation" aria-label={title} data-testid="earlier-conversation">
      <header className="earlier-conversation__header">
        <HistoryOutlined aria-hidden /> <span>{title}</span>
        <Button type="link" size="small" onClick={() => onOpenIssue(issueId)} data-testid="open-earlier">
          {t('inbox.chat.openIssue', { id: issueId })}
        </Button>
      </header>
      {earlier.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          {earlier.data?.nextCursor !== null && earlier.data && (
            <p className="earlier-conversation__more">{t('inbox.chat.earlierMore', { id: issueId })}</p>
          )}
          {[...(earlier.data?.items ?? [])].reverse().map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </>
      )}
    </section>
  );
}
