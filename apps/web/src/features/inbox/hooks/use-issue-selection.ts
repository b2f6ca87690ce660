// The inbox's "Select" mode: which issues of the list are ticked for a bulk action. The
// ticks belong to the list as filtered when they were made: another filter or search starts afresh, so an
// action never reaches issues no longer in sight.
import { useCallback, useMemo, useState } from 'react';
import { BULK_ISSUES_MAX } from '@sabai/contracts';
import { filterSearchParams, type InboxQuery } from '../utils/inbox-query';

export type IssueSelection = {
  isActive: boolean;
  ids: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** Ticks the shown issues (the first BULK_ISSUES_MAX of them), or unticks all when all are ticked. */
  toggleAll: (shownIds: readonly number[]) => void;
  clear: () => void;
  start: () => void;
  stop: () => void;
};

export { BULK_ISSUES_MAX };

const NONE: ReadonlySet<number> = new Set();

export function useIssueSelection(query: InboxQuery): IssueSelection {
  const [isActive, setIsActive] = useState(false);
  const listKey = filterSearchParams(query).toString();
  const [ticked, setTicked] = useState<{ listKey: string; ids: ReadonlySet<number> }>({ listKey, ids: NONE });
  const ids = ticked.listKey === listKey ? ticked.ids : NONE;

  const update = useCallback(
    (change: (current: ReadonlySet<number>) => ReadonlySet<number>) =>
      setTicked((current) => ({
        listKey,
        ids: change(current.listKey === listKey ? current.ids : NONE),
      })),
    [listKey],
  );
  const toggle = useCallback(
    (id: number) =>
      update((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else if (next.size < BULK_ISSUES_MAX) next.add(id);
        return next;
      }),
    [update],
  );
  const toggleAll = useCallback(
    (shownIds: readonly number[]) =>
      update((current) => {
        const wanted = shownIds.slice(0, BULK_ISSUES_MAX);
        return wanted.length > 0 && wanted.every((id) => current.has(id)) ? NONE : new Set(wanted);
      }),
    [update],
  );
  const clear = useCallback(() => update(() => NONE), [update]);
  const start = useCallback(() => setIsActive(true), []);
  const stop = useCallback(() => {
    setIsActive(false);
    update(() => NONE);
  }, [update]);

  return useMemo(
    () => ({ isActive, ids, toggle, toggleAll, clear, start, stop }),
    [isActive, ids, toggle, toggleAll, clear, start, stop],
  );
}
