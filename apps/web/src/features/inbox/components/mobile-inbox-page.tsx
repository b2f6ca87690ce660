import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import { useLiveCache } from '../api/live-cache';
import { FilterBar } from './filter-bar';
import { IssueList } from './issue-list';
import { useInboxUrl } from '../hooks/use-inbox-url';
import { useIssueSelection } from '../hooks/use-issue-selection';
import { SelectionBar } from './selection-bar';
import '../inbox.css';

/** /mobile/issue/inbox: the list with its filters in a drawer; an issue opens full screen. */
export function MobileInboxPage() {
  const { t } = useTranslation();
  useLiveCache();
  const navigate = useAppNavigate();
  const { query, setQuery } = useInboxUrl();
  const selection = useIssueSelection(query);
  // While the chat's route loads, this page stays mounted: a search update due then (typed just before
  // the tap) would start a navigation of its own and cancel the chat's.
  const isLeaving = useRef(false);
  const openIssue = useCallback(
    (id: number) => {
      isLeaving.current = true;
      navigate(`/mobile/issue/chat?issueId=${id}`);
    },
    [navigate],
  );
  const changeQuery = useCallback(
    (next: typeof query) => {
      if (!isLeaving.current) setQuery(next);
    },
    [setQuery],
  );
  return (
    <div className="mobile-inbox" data-testid="mobile-inbox-page">
      <h1 className="visually-hidden">{t('inbox.title')}</h1>
      <FilterBar query={query} onChange={changeQuery} isCompact onTaken={openIssue} />
      <SelectionBar query={query} selection={selection} />
      <IssueList query={query} selectedId={null} onOpen={openIssue} selection={selection} />
    </div>
  );
}

export { MobileInboxPage as Component };
export { loader } from './inbox-route';
