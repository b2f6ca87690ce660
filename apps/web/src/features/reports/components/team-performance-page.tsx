import { ensureReportsTexts } from '../../../lib/i18n';
import { PerformancePage } from './performance-page';

/** /report/team-performance and /mobile/report/team-performance. */
export function TeamPerformancePage() {
  return <PerformancePage kind="team" />;
}

export { TeamPerformancePage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureReportsTexts();
  return null;
}
