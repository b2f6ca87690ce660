import { Suspense, lazy, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import { ListCard } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { SettingsPage } from '../../../components/settings-page';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import {
  useAutomationRules,
  useDeleteAutomationRule,
  useDuplicateAutomationRule,
  useOrderAutomationRules,
  useSaveAutomationRule,
  type AutomationRule,
} from '../api/automation-rules';
import { moved, withActive } from '../utils/rule-form';
import type { RuleDrawerState } from './rule-drawer';
import { RuleTable } from './rule-table';
import '../automation.css';

// The editor (its pickers, drawer and test) loads when first opened: the list comes first.
const RuleDrawer = lazy(() => import('./rule-drawer').then(({ RuleDrawer }) => ({ default: RuleDrawer })));

/**
 * /setting/automation (desktop only; the channel scope all, Admin and SuperAdmin by default): the automation
 * rules, each "when something happens, if its conditions hold, then its actions", checked
 * in the order of the list.
 */
export function AutomationPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const rulesQuery = useAutomationRules();
  const saveMutation = useSaveAutomationRule();
  const duplicateMutation = useDuplicateAutomationRule();
  const deleteMutation = useDeleteAutomationRule();
  const orderMutation = useOrderAutomationRules();
  const [confirm, confirmHolder] = useConfirm();
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<RuleDrawerState>();
  const [togglingId, setTogglingId] = useState<string | null>(null);
  useRetrievalNotice(rulesQuery.isError, 'automation_rules');
  const rules = rulesQuery.data ?? [];

  function handleSaved(_: AutomationRule, isNew: boolean) {
    notice.success(isNew ? 'automation.created' : 'automation.saved');
    setDrawer(null);
  }

  async function handleToggle(rule: AutomationRule, isActive: boolean) {
    setTogglingId(rule.id);
    try {
      await saveMutation.mutateAsync({ id: rule.id, body: withActive(rule, isActive) });
      notice.success(isActive ? 'automation.activated' : 'automation.deactivated');
    } catch (error) {
      notice.error(error, 'common.error.update');
    } finally {
      setTogglingId(null);
    }
  }

  async function handleDuplicate(rule: AutomationRule) {
    try {
      await duplicateMutation.mutateAsync(rule.id);
      notice.success('automation.duplicated');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  async function handleMove(index: number, delta: -1 | 1) {
    try {
      await orderMutation.mutateAsync(moved(rules, index, delta));
      notice.success('automation.moved');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  function handleDelete(rule: AutomationRule) {
    confirm({
      title: t('automation.deleteConfirm.title', { name: rule.name }),
      content: t('automation.deleteConfirm.text'),
      okText: t('automation.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(rule.id);
          notice.success('automation.deleted');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  const openCreate = () => setDrawer({ mode: 'create' });
  return (
    <SettingsPage
      testId="automation-page"
      title={t('automation.title')}
      subtitle={t('automation.subtitle')}
      add={
        canUpdate ? { label: t('automation.add'), onClick: openCreate, testId: 'add-automation-rule' } : null
      }
    >
      {confirmHolder}
      <Alert type="info" showIcon title={t('automation.order')} className="automation-page__order" />
      <ListCard isError={rulesQuery.isError} onRetry={() => void rulesQuery.refetch()}>
        <RuleTable
          rules={rules}
          isLoading={rulesQuery.isLoading}
          onAdd={canUpdate ? openCreate : undefined}
          onEdit={canUpdate ? (rule) => setDrawer({ mode: 'edit', rule }) : undefined}
          onDuplicate={canUpdate ? (rule) => void handleDuplicate(rule) : undefined}
          onDelete={canUpdate ? handleDelete : undefined}
          onToggle={canUpdate ? (rule, isActive) => void handleToggle(rule, isActive) : undefined}
          onMove={canUpdate ? (index, delta) => void handleMove(index, delta) : undefined}
          togglingId={togglingId}
          isMoving={orderMutation.isPending}
        />
      </ListCard>
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <RuleDrawer state={drawer} onClose={() => setDrawer(null)} onSaved={handleSaved} />
        </Suspense>
      )}
    </SettingsPage>
  );
}

export { AutomationPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
