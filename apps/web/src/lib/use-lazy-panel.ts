import { useCallback, useState } from 'react';

type Update<T> = T | null | ((current: T | null) => T | null);

/**
 * The state of a drawer or modal whose content loads lazily: nothing mounts before the first opening,
 * then it stays mounted so it can animate closed. Returns the state (null: closed), its setter and
 * whether it has ever opened.
 */
export function useLazyPanel<T>(initial: T | null = null) {
  const [state, setState] = useState<T | null>(initial);
  const [hasOpened, setHasOpened] = useState(initial !== null);
  const update = useCallback((next: Update<T>) => {
    setState(next);
    if (next !== null) setHasOpened(true);
  }, []);
  return [state, update, hasOpened] as const;
}
