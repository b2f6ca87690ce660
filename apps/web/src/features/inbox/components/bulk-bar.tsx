import { useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Dropdown, Tooltip } from 'antd';
import {
  CloseOutlined,
  DownOutlined,
  SwapOutlined,
  TagOutlined,
  ThunderboltOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BULK_STATUSES } from '@sabai/contracts';
import { isAllowed } from '@sabai/domain';
import type { Macro } from '../../../lib/macros';
import { usePermissions } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';
import { sessionRoleNames } from '../../../lib/session';
import { useConfirm } from '../../../lib/use-confirm';
import { useBulkAction, useRunMacro, type BulkAction, type IssueOutcome } from '../api/bulk';
import { useAssignableTeams, useIssueList } from '../api/issues';
import { BULK_ISSUES_MAX, type IssueSelection } from '../hooks/use-issue-selection';
import type { InboxQuery } from '../utils/inbox-query';
import { mayAssign, mayChangeStatus } from '../utils/issue-permissions';
import { BulkAssignDialog, BulkTagDialog, BulkTransferDialog } from './bulk-dialogs';
import { BulkResults } from './bulk-results';
import { MacroPicker } from './macro-picker';

type Action = BulkAction['action'];
type BulkStatus = (typeof BULK_STATUSES)[number];
type Dialog = 'assign' | 'tag' | 'transfer' | 'macro' | null;
type Shown = { results: readonly IssueOutcome[]; names: ReadonlyMap<number, string> };

type BulkBarProps = { query: InboxQuery; selection: IssueSelection };

/**
 * "Select" mode's bar above the list: tick all shown, how many are ticked, and what to do with them; each
 * issue is then done or refused on its own, and the results say which.
 */
export function BulkBar({ query, selection }: BulkBarProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [confirm, confirmHolder] = useConfirm();
  const permissions = usePermissions();
  const canChange = mayChangeStatus(sessionRoleNames());
  const bulk = useBulkAction();
  const run = useRunMacro();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  // The transfer dialog reads them too (one cached request): its confirmation names the team.
  const teams = useAssignableTeams(dialog === 'transfer');

  // The issues the list shows: the pages loaded so far (the list below fetches them; this reads its cache).
  const pages = useIssueList(query, false).data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const shownIds = useMemo(() => items.map((item) => item.id), [items]);
  // In the list's order, whatever order they were ticked in.
  const issueIds = shownIds.filter((id) => selection.ids.has(id));
  const count = issueIds.length;
  const isAllTicked = count > 0 && count === Math.min(shownIds.length, BULK_ISSUES_MAX);

  /** The results, then a fresh start: what was done is no longer what the user wants to select. */
  function showResults(results: readonly IssueOutcome[]) {
    const names = new Map(items.map((item) => [item.id, item.contact.displayName] as const));
    setDialog(null);
    setShown({ results, names });
    selection.clear();
  }

  const perform = (action: Action) =>
    bulk.mutateAsync({ issueIds, action }).then(
      ({ results }) => showResults(results),
      (error: unknown) => notice.error(error),
    );
  const runMacro = (macro: Macro) =>
    run.mutateAsync({ macroId: macro.id, issueIds }).then(
      ({ results }) => showResults(results),
      (error: unknown) => notice.error(error),
    );

  // Closing and transferring cannot be undone: both are confirmed first.
  const closeIssues = () =>
    confirm({
      title: t('inbox.bulk.confirmClose.title', { count }),
      content: t('inbox.bulk.confirmClose.text'),
      okText: t('inbox.bulk.confirmClose.ok'),
      onOk: () => perform({ type: 'status', status: 'close' }),
    });
  const transferIssues = (action: Action) => {
    if (action.type !== 'transfer') return;
    const team = teams.data?.find((candidate) => candidate.id === action.teamId)?.name ?? '';
    confirm({
      title: t('inbox.bulk.confirmTransfer.title', { count, team }),
      content: t('inbox.bulk.confirmTransfer.text'),
      okText: t('inbox.bulk.confirmTransfer.ok'),
      onOk: () => perform(action),
    });
  };

  const mayUpdate = isAllowed(permissions, 'issue', 'update');
  const isEmpty = count === 0;
  return (
    <div className="bulk-bar" data-testid="bulk-bar">
      {confirmHolder}
      <div className="bulk-bar__top">
        <Checkbox
          checked={isAllTicked}
          indeterminate={count > 0 && !isAllTicked}
          disabled={shownIds.length === 0}
          onChange={() => selection.toggleAll(shownIds)}
          data-testid="select-all"
        >
          {t('inbox.bulk.selectAll')}
        </Checkbox>
        <span className="bulk-bar__count" role="status" data-testid="selected-count">
          {t('inbox.bulk.count', { count })}
        </span>
        <Tooltip title={t('inbox.bulk.done')}>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={selection.stop}
            aria-label={t('inbox.bulk.done')}
            data-testid="select-done"
          />
        </Tooltip>
      </div>
      {isAllTicked && shownIds.length > BULK_ISSUES_MAX && (
        <p className="bulk-bar__hint">{t('inbox.bulk.limit', { max: BULK_ISSUES_MAX })}</p>
      )}
      <div className="bulk-bar__actions" role="toolbar" aria-label={t('inbox.bulk.toolbar')}>
        {mayAssign(permissions) && (
          <BarButton
            icon={<UserAddOutlined />}
            isDisabled={isEmpty}
            onClick={() => setDialog('assign')}
            testId="bulk-assign"
          >
            {t('inbox.bulk.assign')}
          </BarButton>
        )}
        {mayUpdate && (
          <BarButton
            icon={<TagOutlined />}
            isDisabled={isEmpty}
            onClick={() => setDialog('tag')}
            testId="bulk-tag"
          >
            {t('inbox.bulk.addTag')}
          </BarButton>
        )}
        {canChange && (
          <BarButton
            icon={<SwapOutlined />}
            isDisabled={isEmpty}
            onClick={() => setDialog('transfer')}
            testId="bulk-transfer"
          >
            {t('inbox.bulk.transfer')}
          </BarButton>
        )}
        {canChange && (
          <Dropdown
            trigger={['click']}
            disabled={isEmpty}
            menu={{
              items: BULK_STATUSES.map((status) => ({
                key: status,
                label: <span data-testid={`bulk-status-${status}`}>{t(`issue.status.${status}`)}</span>,
              })),
              onClick: ({ key }) =>
                key === 'close' ? closeIssues() : void perform({ type: 'status', status: key as BulkStatus }),
            }}
          >
            <Button
              size="small"
              disabled={isEmpty}
              loading={bulk.isPending && dialog === null}
              data-testid="bulk-status"
            >
              {t('inbox.bulk.status')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
        {mayUpdate && (
          <BarButton
            icon={<ThunderboltOutlined />}
            isDisabled={isEmpty}
            onClick={() => setDialog('macro')}
            testId="bulk-macro"
          >
            {t('inbox.bulk.runMacro')}
          </BarButton>
        )}
      </div>
      {dialog === 'assign' && (
        <BulkAssignDialog
          count={count}
          isPending={bulk.isPending}
          onSubmit={(a) => void perform(a)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'tag' && (
        <BulkTagDialog
          count={count}
          isPending={bulk.isPending}
          onSubmit={(a) => void perform(a)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'transfer' && (
        <BulkTransferDialog
          count={count}
          isPending={bulk.isPending}
          onSubmit={transferIssues}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'macro' && (
        <MacroPicker
          title={t('inbox.macros.pickTitleMany', { count })}
          isRunning={run.isPending}
          onRun={(macro) => void runMacro(macro)}
          onClose={() => setDialog(null)}
        />
      )}
      {shown && <BulkResults results={shown.results} names={shown.names} onClose={() => setShown(null)} />}
    </div>
  );
}

type BarButtonProps = {
  icon: ReactNode;
  isDisabled: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
};

/** One action of the bar; disabled until an issue is ticked. */
function BarButton({ icon, isDisabled, onClick, testId, children }: BarButtonProps) {
  return (
    <Button size="small" icon={icon} disabled={isDisabled} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
