import { lazy, Suspense, useEffect } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveCache } from '../api/live-cache';
import { useIssue, useIssueList } from '../api/issues';
import { useInboxUrl } from '../hooks/use-inbox-url';
import type { InboxQuery } from '../utils/inbox-query';
import { FilterBar } from './filter-bar';
import { IssueList } from './issue-list';
import '../inbox.css';

// The chat and the issue's info are chunks of their own: on a slow network the list shows without waiting
// for them (issue 16's cold-inbox budget), and the chat's code comes once the list is there.
const loadChatPane = () => import('./chat-pane').then((m) => ({ default: m.ChatPane }));
const ChatPane = lazy(loadChatPane);
const IssueInfo = lazy(() => import('./issue-info').then((m) => ({ default: m.IssueInfo })));
const paneLoading = <Skeleton className="chat-pane" active avatar paragraph={{ rows: 6 }} />;

/** /issue/inbox: filters and the issue list, the open chat, and the issue's info with its history. */
export function InboxPage() {
  const { t } = useTranslation();
  useLiveCache();
  const { query, issueId, setQuery, openIssue } = useInboxUrl();
  const issue = useIssue(issueId);
  return (
    <div className="inbox" data-testid="inbox-page">
      <h1 className="visually-hidden">{t('inbox.title')}</h1>
      <aside className="inbox__list">
        <FilterBar query={query} onChange={setQuery} onTaken={openIssue} />
        <IssueList query={query} selectedId={issueId} onOpen={openIssue} />
      </aside>
      {issueId === null ? (
        <Empty className="chat-pane chat-pane--empty" description={t('inbox.chat.choose')} />
      ) : (
        <Suspense fallback={paneLoading}>
          <ChatPane issueId={issueId} onOpenIssue={openIssue} />
        </Suspense>
      )}
      <ChatPrefetch query={query} />
      {issue.data && (
        <aside className="inbox__info">
          <Suspense fallback={<Skeleton active />}>
            <IssueInfo issue={issue.data} onOpenIssue={openIssue} />
          </Suspense>
        </aside>
      )}
    </div>
  );
}

/** Fetches the chat's code once the list has shown, so opening an issue does not wait for it. */
function ChatPrefetch({ query }: { query: InboxQuery }) {
  const isListed = useIssueList(query, false).isSuccess;
  useEffect(() => {
    if (isListed) void loadChatPane();
  }, [isListed]);
  return null;
}

export { InboxPage as Component };

export { loader } from './inbox-route';
