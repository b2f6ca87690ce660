import { lazy, Suspense } from 'react';
import { Button, Skeleton } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import { usePermissions } from '../../../lib/me';
import type { IssueSelection } from '../hooks/use-issue-selection';
import type { InboxQuery } from '../utils/inbox-query';

// The bulk bar and its dialogs come when "Select" is first pressed.
const BulkBar = lazy(() => import('./bulk-bar').then((m) => ({ default: m.BulkBar })));

type SelectionBarProps = { query: InboxQuery; selection: IssueSelection };

/**
 * Between the filters and the list (a row of its own, so the search keeps its room): the way into "Select"
 * mode, and in that mode the bulk bar.
 */
export function SelectionBar({ query, selection }: SelectionBarProps) {
  const { t } = useTranslation();
  // Every bulk action changes issues: without the issue update permission there is nothing to select for.
  const mayUpdate = isAllowed(usePermissions(), 'issue', 'update');
  if (!mayUpdate) return null;
  if (selection.isActive)
    return (
      <Suspense fallback={<Skeleton className="bulk-bar" active title={false} paragraph={{ rows: 2 }} />}>
        <BulkBar query={query} selection={selection} />
      </Suspense>
    );
  return (
    <div className="select-start">
      <Button
        type="text"
        size="small"
        icon={<CheckSquareOutlined />}
        onClick={selection.start}
        data-testid="select-mode"
      >
        {t('inbox.bulk.select')}
      </Button>
    </div>
  );
}
