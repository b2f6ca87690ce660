import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { Macro } from '../../../lib/macros';
import { usePermissions } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';
import { useRunMacro } from '../api/bulk';
import type { IssueDetail } from '../api/issues';
import { macroRunNotice } from '../utils/bulk-results';

// The picker (a dialog, its list) comes when first opened: the chat comes first.
const MacroPicker = lazy(() => import('./macro-picker').then((m) => ({ default: m.MacroPicker })));

// Long enough to read the steps a skipped notice lists.
const SKIPPED_NOTICE_SECONDS = 8;

/** The chat header's "Run macro": a macro chosen, run on this issue, and what each step did. */
export function RunMacroButton({ issue }: { issue: IssueDetail }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const run = useRunMacro();
  const [isPicking, setIsPicking] = useState(false);
  // Running a macro changes the issue: the issue update permission, as the route requires.
  const mayRun = isAllowed(usePermissions(), 'issue', 'update');

  const handleRun = (macro: Macro) =>
    run.mutate(
      { macroId: macro.id, issueIds: [issue.id] },
      {
        onSuccess: ({ results }) => {
          setIsPicking(false);
          const outcome = results[0];
          if (!outcome) return;
          const { kind, text } = macroRunNotice(t, macro.name, outcome);
          if (kind === 'success') notice.successText(text);
          else notice.warningText(text, SKIPPED_NOTICE_SECONDS);
        },
        onError: (error) => notice.error(error),
      },
    );

  if (!mayRun) return null;
  return (
    <>
      <Tooltip title={t('inbox.macros.run')}>
        <Button
          type="text"
          icon={<ThunderboltOutlined />}
          aria-label={t('inbox.macros.run')}
          onClick={() => setIsPicking(true)}
          data-testid="run-macro"
        />
      </Tooltip>
      {isPicking && (
        <Suspense fallback={null}>
          <MacroPicker
            title={t('inbox.macros.pickTitle', { id: issue.id })}
            isRunning={run.isPending}
            onRun={handleRun}
            onClose={() => setIsPicking(false)}
          />
        </Suspense>
      )}
    </>
  );
}
