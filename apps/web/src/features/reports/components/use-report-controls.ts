import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  CONTROL_KEYS,
  compareOf,
  controlsParams,
  periodOf,
  readControls,
  reportQuery,
  type ReportControls,
} from '../utils/report-period';

/**
 * The controls' state — kept in the address, so the chosen period survives a reload and can be shared as a
 * link — the periods they mean (today by this device's calendar) and the API query.
 */
export function useReportControls() {
  const [params, setParams] = useSearchParams();
  const controls = useMemo(() => readControls(params), [params]);
  const setControls = useCallback(
    (next: ReportControls) =>
      setParams((current) => {
        const updated = new URLSearchParams(controlsParams(next));
        // Whatever else the address carries (lang, a tab) stays.
        for (const [key, value] of current) if (!CONTROL_KEYS.has(key)) updated.set(key, value);
        return updated;
      }),
    [setParams],
  );
  const today = useMemo(() => dayjs().format('YYYY-MM-DD'), []);
  const period = periodOf(controls, today);
  const compare = compareOf(controls, period);
  const query = reportQuery(controls, today);
  return { controls, setControls, period, compare, query };
}
