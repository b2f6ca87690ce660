import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  CSAT_FILTER_KEYS,
  csatFilterParams,
  csatQuery,
  readCsatFilters,
  type CsatFilters,
} from '../utils/csat-controls';
import {
  CONTROL_KEYS,
  controlsParams,
  periodOf,
  readControls,
  type ReportControls,
} from '../utils/report-period';

const OWN_KEYS = new Set<string>([...CSAT_FILTER_KEYS, ...CONTROL_KEYS]);

/**
 * The satisfaction report's period, channel and team (as the other reports hold them) and its own filters,
 * kept in the address so a reload or a shared link shows the same ratings; and the API query they mean.
 */
export function useCsatControls() {
  const [params, setParams] = useSearchParams();
  const controls = useMemo(() => readControls(params), [params]);
  const filters = useMemo(() => readCsatFilters(params), [params]);
  const set = useCallback(
    (nextControls: ReportControls, nextFilters: CsatFilters) =>
      setParams((current) => {
        const updated = new URLSearchParams({
          ...controlsParams(nextControls),
          ...csatFilterParams(nextFilters),
        });
        // Whatever else the address carries (lang) stays.
        for (const [key, value] of current) if (!OWN_KEYS.has(key)) updated.set(key, value);
        return updated;
      }),
    [setParams],
  );
  const setControls = useCallback((next: ReportControls) => set(next, filters), [set, filters]);
  const setFilters = useCallback((next: CsatFilters) => set(controls, next), [set, controls]);
  const today = useMemo(() => dayjs().format('YYYY-MM-DD'), []);
  const period = periodOf(controls, today);
  const query = useMemo(() => csatQuery(controls, filters, today), [controls, filters, today]);
  return { controls, setControls, filters, setFilters, period, query };
}
