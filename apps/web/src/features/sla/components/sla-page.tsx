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
import { useChannelOptions, useTeamOptions } from '../api/scope-options';
import { useDeleteSlaPolicy, useSaveSlaPolicy, useSlaPolicies, type SlaPolicy } from '../api/sla-policies';
import { withActive } from '../utils/sla-form';
import type { PolicyDrawerState } from './policy-drawer';
import { PolicyTable } from './policy-table';
import '../sla.css';

// The form (selects, number inputs, drawer) loads when first opened: the list comes first.
const PolicyDrawer = lazy(() =>
  import('./policy-drawer').then(({ PolicyDrawer }) => ({ default: PolicyDrawer })),
);

/**
 * /setting/sla (desktop only; the channel scope all, Admin and SuperAdmin by default): the service level
 * policies, each the first response, next response and resolution targets of a team and
 * channel pair, "any" of either; the inbox counts down to them.
 */
export function SlaPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const policiesQuery = useSlaPolicies();
  const teamsQuery = useTeamOptions();
  const channelsQuery = useChannelOptions();
  const saveMutation = useSaveSlaPolicy();
  const deleteMutation = useDeleteSlaPolicy();
  const [confirm, confirmHolder] = useConfirm();
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<PolicyDrawerState>();
  const [togglingId, setTogglingId] = useState<string | null>(null);
  useRetrievalNotice(policiesQuery.isError, 'sla_policies');
  useRetrievalNotice(teamsQuery.isError, 'teams');
  useRetrievalNotice(channelsQuery.isError, 'channels');
  // The list names its teams and channels: any of the three failing shows the failure, and one retry.
  const failed = [policiesQuery, teamsQuery, channelsQuery].filter((query) => query.isError);

  function handleSaved(_: SlaPolicy, isNew: boolean) {
    notice.success(isNew ? 'sla.created' : 'sla.saved');
    setDrawer(null);
  }

  async function handleToggle(policy: SlaPolicy, isActive: boolean) {
    setTogglingId(policy.id);
    try {
      await saveMutation.mutateAsync({ id: policy.id, body: withActive(policy, isActive) });
      notice.success(isActive ? 'sla.activated' : 'sla.deactivated');
    } catch (error) {
      notice.error(error, 'common.error.update');
    } finally {
      setTogglingId(null);
    }
  }

  function handleDelete(policy: SlaPolicy) {
    confirm({
      title: t('sla.deleteConfirm.title', { name: policy.name }),
      content: t('sla.deleteConfirm.text'),
      okText: t('sla.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(policy.id);
          notice.success('sla.deleted');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  const openCreate = () => setDrawer({ mode: 'create' });
  return (
    <SettingsPage
      testId="sla-page"
      title={t('sla.title')}
      subtitle={t('sla.subtitle')}
      add={canUpdate ? { label: t('sla.add'), onClick: openCreate, testId: 'add-sla-policy' } : null}
    >
      {confirmHolder}
      <Alert type="info" showIcon title={t('sla.precedence')} className="sla-page__precedence" />
      <ListCard isError={failed.length > 0} onRetry={() => failed.forEach((query) => void query.refetch())}>
        <PolicyTable
          policies={policiesQuery.data ?? []}
          teams={teamsQuery.data}
          channels={channelsQuery.data}
          isLoading={policiesQuery.isLoading}
          onAdd={canUpdate ? openCreate : undefined}
          onEdit={canUpdate ? (policy) => setDrawer({ mode: 'edit', policy }) : undefined}
          onDelete={canUpdate ? handleDelete : undefined}
          onToggle={canUpdate ? (policy, isActive) => void handleToggle(policy, isActive) : undefined}
          togglingId={togglingId}
        />
      </ListCard>
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <PolicyDrawer
            state={drawer}
            teams={teamsQuery.data ?? []}
            channels={channelsQuery.data ?? []}
            isLoadingOptions={teamsQuery.isLoading || channelsQuery.isLoading}
            onClose={() => setDrawer(null)}
            onSaved={handleSaved}
          />
        </Suspense>
      )}
    </SettingsPage>
  );
}

export { SlaPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
