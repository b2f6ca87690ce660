import { ensureInboxTexts } from '../../../lib/i18n';

/** The route loader of every inbox screen (desktop, kanban, phone): the workspace's texts load with it. */
export async function loader(): Promise<null> {
  await ensureInboxTexts();
  return null;
}
