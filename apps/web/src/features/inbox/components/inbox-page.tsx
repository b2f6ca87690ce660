import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ensureInboxTexts } from '../../../lib/i18n';
import { useLiveCache } from '../api/live-cache';
import { useIssue } from '../api/issues';
import { filterSearchParams, readInboxQuery, type InboxQuery } from '../utils/inbox-query';
import { ChatPane } from './chat-pane';
import { FilterBar } from './filter-bar';
import { IssueInfo } from './issue-info';
import { IssueList } from './issue-list';
import '../inbox.css';

/** `issueId` and the filters live in the URL: every issue and every filtered view has a shareable link. */
export function useInboxUrl() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readInboxQuery(params), [params]);
  const raw = Number(params.get('issueId'));
  const issueId = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const setQuery = useCallback(
    (next: InboxQuery) =>
      setParams((current) => {
        const updated = filterSearchParams(next);
        for (const key of ['issueId', 'lang']) {
          const value = current.get(key);
          if (value) updated.set(key, value);
        }
        return updated;
      }),
    [setParams],
  );
  const openIssue = useCallback(
    (id: number | null) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (id === null) updated.delete('issueId');
        else updated.set('issueId', String(id));
        return updated;
      }),
    [setParams],
  );
  return { query, issueId, setQuery, openIssue };
}

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
        <FilterBar query={query} onChange={setQuery} />
        <IssueList query={query} selectedId={issueId} onOpen={openIssue} />
      </aside>
      <ChatPane issueId={issueId} onOpenIssue={openIssue} />
      {issue.data && (
        <aside className="inbox__info">
          <IssueInfo issue={issue.data} onOpenIssue={openIssue} />
        </aside>
      )}
    </div>
  );
}

export { InboxPage as Component };

/** The workspace's texts load with the screen. */
export async function loader(): Promise<null> {
  await ensureInboxTexts();
  return null;
}
