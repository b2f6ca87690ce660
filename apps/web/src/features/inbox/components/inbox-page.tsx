import { lazy, Suspense, useEffect } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../../components/skip-link';
import { useLiveCache } from '../api/live-cache';
import { useIssue, useIssueList } from '../api/issues';
import { useInboxUrl } from '../hooks/use-inbox-url';
import { useIssueSelection } from '../hooks/use-issue-selection';
import { useShortcutKey } from '../hooks/use-shortcut-key';
import { SHORTCUTS } from '../utils/shortcuts';
import type { InboxQuery } from '../utils/inbox-query';
import { FilterBar } from './filter-bar';
import { IssueList } from './issue-list';
import { REPLY_BOX_ID } from './composer-ids';
import { SelectionBar } from './selection-bar';
import { ShortcutHelp } from './shortcut-help';
import '../inbox.css';

// The chat and the issue's info are chunks of their own: on a slow network the list shows without waiting
// for them (bench/slow-network.ts measures the cold inbox), and the chat's code comes once the list is there.
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
  const selection = useIssueSelection(query);
  useListKeys(query, openIssue);
  return (
    <div className="inbox" data-testid="inbox-page">
      <h1 className="visually-hidden">{t('inbox.title')}</h1>
      {issueId !== null && <SkipLink targetId={REPLY_BOX_ID}>{t('inbox.shortcuts.skipToReply')}</SkipLink>}
      <aside className="inbox__list" aria-label={t('inbox.listLabel')}>
        <FilterBar query={query} onChange={setQuery} onTaken={openIssue} extra={<ShortcutHelp />} />
        <SelectionBar query={query} selection={selection} />
        <IssueList query={query} selectedId={issueId} onOpen={openIssue} selection={selection} />
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
        // Focusable: a closed issue's info (its fields read only) can be taller than the pane and holds
        // nothing else the keyboard could reach to scroll it.
        <aside className="inbox__info" tabIndex={0} aria-label={t('inbox.chat.info')}>
          <Suspense fallback={<Skeleton active />}>
            <IssueInfo issue={issue.data} onOpenIssue={openIssue} />
          </Suspense>
        </aside>
      )}
    </div>
  );
}

/** J / K (or Alt with ↓ / ↑) open the next or previous issue of the list; the first one when none is open. */
function useListKeys(query: InboxQuery, openIssue: (id: number) => void) {
  const pages = useIssueList(query, false).data?.pages;
  const step = (by: number) => {
    const ids = pages?.flatMap((page) => page.items.map((item) => item.id)) ?? [];
    // The address changes before React renders the issue it names: two quick presses each move on.
    const at = ids.indexOf(Number(new URLSearchParams(window.location.search).get('issueId')));
    const next = ids[at === -1 ? 0 : at + by];
    if (next !== undefined && ids[at] !== next) openIssue(next);
  };
  useShortcutKey(SHORTCUTS.next, () => step(1));
  useShortcutKey(SHORTCUTS.previous, () => step(-1));
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
