// Staff pick up work: "Assign to me" on the open issue (key A) and "Take next" beside the
// list (key N). Who may take what is the server's rule (domain `checkTake`): the issue says `mayTake`, and
// the role's permissions (`mayTakeIssues`) whether "Take next" is offered at all.
import { Button } from 'antd';
import { StepForwardOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useNotice } from '../../../lib/notices';
import type { IssueDetail } from '../api/issues';
import { useTakeIssue, useTakeNext } from '../api/issue-updates';
import { useShortcutKey } from '../hooks/use-shortcut-key';
import { SHORTCUTS } from '../utils/shortcuts';

/**
 * Tells the user which issue is theirs now, or why taking failed, each as a translated notice. The notices
 * follow the call's promise rather than `mutate`'s callbacks, which React Query drops once the button is
 * gone: the live update saying the issue is taken can remove "Assign to me" before the server's answer.
 */
function useTakeNotices() {
  const { t } = useTranslation();
  const notice = useNotice();
  return {
    taken: (issue: IssueDetail) => notice.successText(t('inbox.actions.taken', { id: issue.id })),
    failed: (error: unknown) =>
      // An empty queue is news, not a failure.
      error instanceof ApiError && error.code === 'issue.queue_empty'
        ? notice.info('errors.issue.queue_empty')
        : notice.error(error),
  };
}

/** "Assign to me" on an issue the user may take; the A key does the same while it shows. */
export function TakeIssueButton({ issue }: { issue: IssueDetail }) {
  const { t } = useTranslation();
  const notices = useTakeNotices();
  const take = useTakeIssue(issue.id);
  const run = () => {
    if (take.isPending) return;
    void take.mutateAsync().then(notices.taken, notices.failed);
  };
  useShortcutKey(SHORTCUTS.takeIssue, run);
  return (
    <Button
      type="primary"
      icon={<UserOutlined />}
      loading={take.isPending}
      onClick={run}
      title={t('inbox.actions.takeIssueHint')}
      aria-keyshortcuts="A"
      data-testid="take-issue"
    >
      {t('inbox.actions.takeIssue')}
    </Button>
  );
}

/**
 * "Take next", for users whose role may take issues (`mayTakeIssues`): the oldest waiting issue of their
 * teams becomes theirs and opens (`onTaken`); the N key does the same.
 */
export function TakeNextButton({ onTaken }: { onTaken: (issueId: number) => void }) {
  const { t } = useTranslation();
  const notices = useTakeNotices();
  const takeNext = useTakeNext();
  const run = () => {
    if (takeNext.isPending) return;
    void takeNext.mutateAsync().then((issue) => {
      notices.taken(issue);
      onTaken(issue.id);
    }, notices.failed);
  };
  useShortcutKey(SHORTCUTS.takeNext, run);
  return (
    <Button
      icon={<StepForwardOutlined />}
      loading={takeNext.isPending}
      onClick={run}
      title={t('inbox.actions.takeNextHint')}
      aria-keyshortcuts="N"
      data-testid="take-next"
    >
      {t('inbox.actions.takeNext')}
    </Button>
  );
}
