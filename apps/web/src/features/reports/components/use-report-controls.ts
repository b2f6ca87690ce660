import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import {
  compareOf,
  DEFAULT_CONTROLS,
  periodOf,
  reportQuery,
  type ReportControls,
} from '../utils/report-period';

/** The controls' state, the periods they mean (today by this device's calendar) and the API query. */
export function useReportControls() {
  const [controls, setControls] = useState<ReportControls>(DEFAULT_CONTROLS);
  const today = useMemo(() => dayjs().format('YYYY-MM-DD'), []);
  const period = periodOf(controls, today);
  const compare = compareOf(controls, period);
  const query = reportQuery(controls, today);
  return { controls, setControls, period, compare, query };
}
