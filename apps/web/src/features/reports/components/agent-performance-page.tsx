import { ensureReportsTexts } from '../../../lib/i18n';
import { PerformancePage } from './performance-page';

/** /report/agent-performance and /mobile/report/agent-performance. */
export function AgentPerformancePage() {
  return <PerformancePage kind="agent" />;
}

export { AgentPerformancePage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureReportsTexts();
  return null;
}
