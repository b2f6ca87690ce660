import { useState } from 'react';
import { Alert, Button, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@sabai/contracts';
import { useLanguage } from '../../../lib/navigation';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useUsers } from '../api/get-users';
import { useHandOverAndDelete, useOpenIssues, useUserAction } from '../api/user-actions';

const TEAM_QUEUE = 'team-queue';
const CANDIDATES = { search: '', sort: 'name', order: 'asc', page: 1, pageSize: 100 } as const;

type DeleteUserModalProps = {
  user: User | null;
  onClose: () => void;
  onDone: (outcome: 'deleted' | 'deactivated') => void;
};

/**
 * Deleting a user: deactivating is offered first; open issues are handed over (another agent of
 * every team involved, or the team queue) before the account goes; the dialog is the delete's confirmation.
 */
export function DeleteUserModal({ user, onClose, onDone }: DeleteUserModalProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const language = useLanguage();
  const [target, setTarget] = useState<string | undefined>(undefined);
  const openIssues = useOpenIssues(user?.id ?? null);
  useRetrievalNotice(openIssues.isError, 'open_issues');
  const teams = openIssues.data?.teams ?? [];
  const teamIds = teams.flatMap((team) => (team.id ? [team.id] : []));
  const hasOpenIssues = (openIssues.data?.openIssues ?? 0) > 0;
  const candidates = useUsers(CANDIDATES, { status: 'active', roleId: null, teamId: teamIds[0] ?? null });
  useRetrievalNotice(hasOpenIssues && candidates.isError, 'users');
  const agents = (candidates.data?.items ?? []).filter(
    (other) => other.id !== user?.id && teamIds.every((id) => other.teams.some((team) => team.id === id)),
  );
  const deleteMutation = useHandOverAndDelete();
  const actionMutation = useUserAction();

  function close() {
    setTarget(undefined);
    onClose();
  }

  async function handleDeactivate() {
    if (!user) return;
    try {
      await actionMutation.mutateAsync({ id: user.id, action: 'deactivate', lang: language });
      setTarget(undefined);
      onDone('deactivated');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  async function handleDelete() {
    if (!user) return;
    try {
      if (hasOpenIssues)
        await deleteMutation.mutateAsync({ id: user.id, toUserId: target === TEAM_QUEUE ? null : target! });
      else await actionMutation.mutateAsync({ id: user.id, action: 'delete', lang: language });
      setTarget(undefined);
      onDone('deleted');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  const isBusy = deleteMutation.isPending || actionMutation.isPending;
  const isReady = openIssues.isSuccess && (!hasOpenIssues || target !== undefined);
  return (
    <Modal
      open={user !== null}
      title={user ? t('users.deleteConfirm.title', { name: user.displayName }) : null}
      onCancel={close}
      className="settings-confirm"
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="delete"
          danger
          type="primary"
          disabled={!isReady}
          loading={deleteMutation.isPending}
          onClick={() => void handleDelete()}
          data-testid="confirm-delete-user"
        >
          {hasOpenIssues ? t('users.deleteDialog.handOverAndDelete') : t('users.deleteConfirm.ok')}
        </Button>,
      ]}
    >
      <div className="delete-user" data-testid="delete-user-dialog">
        {user?.status === 'active' && user.canUpdate && (
          <Alert
            type="info"
            showIcon
            className="delete-user__deactivate"
            title={t('users.deleteDialog.deactivateTitle')}
            description={t('users.deleteDialog.deactivateText')}
            action={
              <Button
                size="small"
                loading={actionMutation.isPending && !deleteMutation.isPending}
                disabled={isBusy}
                onClick={() => void handleDeactivate()}
                data-testid="deactivate-instead"
              >
                {t('users.deleteDialog.deactivate')}
              </Button>
            }
          />
        )}
        {openIssues.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
        {openIssues.isError && (
          <Alert
            type="error"
            showIcon
            title={t('notices.retrieve.open_issues')}
            action={
              <Button size="small" onClick={() => void openIssues.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        {hasOpenIssues && (
          <Form layout="vertical" className="delete-user__hand-over" data-testid="hand-over">
            <Typography.Paragraph>
              {t('users.deleteDialog.openIssues', {
                count: openIssues.data!.openIssues,
                teams: teams
                  .map((team) => `${team.name ?? t('users.deleteDialog.noTeam')}: ${team.openIssues}`)
                  .join(', '),
              })}
            </Typography.Paragraph>
            {/* No Form.Item name: the label is tied to the select by hand. */}
            <Form.Item label={t('users.deleteDialog.handOverTo')} htmlFor="hand-over-target" required>
              <Select
                id="hand-over-target"
                value={target}
                onChange={setTarget}
                placeholder={t('users.deleteDialog.handOverRequired')}
                loading={candidates.isLoading}
                options={[
                  { value: TEAM_QUEUE, label: t('users.deleteDialog.teamQueue') },
                  ...agents.map((agent) => ({ value: agent.id, label: agent.displayName })),
                ]}
                notFoundContent={t('users.deleteDialog.noAgents')}
                data-testid="hand-over-target"
              />
            </Form.Item>
            {candidates.isSuccess && agents.length === 0 && (
              <Typography.Text type="secondary">{t('users.deleteDialog.noAgents')}</Typography.Text>
            )}
          </Form>
        )}
        {openIssues.isSuccess && <Typography.Paragraph>{t('users.deleteConfirm.text')}</Typography.Paragraph>}
      </div>
    </Modal>
  );
}
