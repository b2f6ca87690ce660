import { ensureReportsTexts } from '../../../lib/i18n';
import { PerformancePage } from './performance-page';

/** /report/channel-performance and /mobile/report/channel-performance. */
export function ChannelPerformancePage() {
  return <PerformancePage kind="channel" />;
}

export { ChannelPerformancePage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureReportsTexts();
  return null;
}
