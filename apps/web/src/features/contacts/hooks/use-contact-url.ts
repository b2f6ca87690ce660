import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { contactSearchParams, readContactSearch, type ContactSearch } from '../utils/contact-query';

/**
 * The contacts screen's search, filters and order live in the address (like the inbox's), so a filtered
 * list has a link and survives a reload. Typing replaces the history entry; applying filters adds one.
 */
export function useContactUrl() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readContactSearch(params), [params]);
  const setSearch = useCallback(
    (next: ContactSearch, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const updated = contactSearchParams(next);
          const lang = current.get('lang');
          if (lang) updated.set('lang', lang);
          return updated;
        },
        { replace },
      ),
    [setParams],
  );
  return { search, setSearch };
}
