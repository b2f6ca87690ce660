import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterSearchParams, readInboxQuery, type InboxQuery } from '../utils/inbox-query';

/**
 * The address as it is now. The router hands an updater the parameters of the render its setter came from:
 * the search's debounced update, set up before a click opened an issue, would drop that issue again.
 */
const currentParams = () => new URLSearchParams(window.location.search);

/** `issueId` and the filters live in the URL: every issue and every filtered view has a shareable link. */
export function useInboxUrl() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readInboxQuery(params), [params]);
  const raw = Number(params.get('issueId'));
  const issueId = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const setQuery = useCallback(
    (next: InboxQuery) =>
      setParams(() => {
        const updated = filterSearchParams(next);
        const current = currentParams();
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
      setParams(() => {
        const updated = currentParams();
        if (id === null) updated.delete('issueId');
        else updated.set('issueId', String(id));
        return updated;
      }),
    [setParams],
  );
  return { query, issueId, setQuery, openIssue };
}
