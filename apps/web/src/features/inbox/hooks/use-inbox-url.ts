import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterSearchParams, readInboxQuery, type InboxQuery } from '../utils/inbox-query';

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
