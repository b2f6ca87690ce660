import { useQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

/** The AI first responder's figures for a period (GET /reports/first-responder, dashboard scope all). */
export function useFirstResponderReport(period: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'first-responder', period.from, period.to],
    queryFn: ({ signal }) => api(routes.firstResponder.report, { query: period, signal }),
    enabled,
  });
}
