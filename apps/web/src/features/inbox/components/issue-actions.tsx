import { useState } from 'react';
import { Button, Dropdown, Form, Input, Modal, Space, Tooltip } from 'antd';
import { DownOutlined, SwapOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isFinalStatus, type IssueStatus } from '@sabai/domain';
import { useConfirm } from '../../../lib/use-confirm';
import { usePermissions } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';
import { sessionRoleNames } from '../../../lib/session';
import type { IssueDetail } from '../api/issues';
import { useAssignIssue, useRequestClose, useTransferIssue, useUpdateIssue } from '../api/issue-updates';
import { mayAssign, mayChangeStatus, statusChangeRefusal, STATUS_TARGETS } from '../utils/issue-permissions';
import { useShortcutKey } from '../hooks/use-shortcut-key';
import { SHORTCUTS } from '../utils/shortcuts';
import { TakeIssueButton } from './take-buttons';
import { TeamAgentFields, type TeamForm } from './team-agent-fields';

const TARGET_LABELS = {
  'on-going': 'inbox.actions.toOnGoing',
  waiting: 'inbox.actions.toWaiting',
  'resolved-success': 'inbox.actions.resolveSuccess',
  'resolved-un-success': 'inbox.actions.resolveUnsuccess',
  close: 'inbox.actions.close',
} as const;

type IssueActionsProps = { issue: IssueDetail; onTransferred: (newIssueId: number) => void };

/** Assign to me, assign, status (each refused change disabled with its rule as tooltip), transfer, ask to close. */
export function IssueActions({ issue, onTransferred }: IssueActionsProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [confirm, confirmHolder] = useConfirm();
  const permissions = usePermissions();
  const roleNames = sessionRoleNames();
  const update = useUpdateIssue(issue.id);
  const requestClose = useRequestClose(issue.id);
  const [modal, setModal] = useState<'assign' | 'transfer' | null>(null);
  const isOpen = !isFinalStatus(issue.status);
  const canChange = mayChangeStatus(roleNames);
  const applyStatus = (status: IssueStatus) =>
    update.mutateAsync({ kind: 'status', status }).then(
      () => notice.success('inbox.actions.statusChanged'),
      (error: unknown) => notice.error(error),
    );
  // Closing is final, so it is confirmed first.
  const changeStatus = (status: IssueStatus) =>
    status === 'close'
      ? confirm({
          title: t('inbox.actions.close'),
          content: t('inbox.actions.confirmClose', { id: issue.id }),
          okText: t('inbox.actions.close'),
          onOk: () => applyStatus(status),
        })
      : void applyStatus(status);

  // The notice follows the promise: the live update may remove the button before the answer comes.
  const askClose = () =>
    void requestClose.mutateAsync().then(
      () => notice.success('inbox.actions.askCloseDone'),
      (error: unknown) => notice.error(error),
    );
  // The E key: resolved (success) where the rules allow it, else why not; staff ask for the close instead.
  const resolve = () => {
    const refusal = canChange
      ? statusChangeRefusal(issue, 'resolved-success', roleNames)
      : issue.closeRequested
        ? 'issue.close_already_requested'
        : null;
    if (refusal) notice.warningText(t(`errors.${refusal}`));
    else if (canChange) void applyStatus('resolved-success');
    else askClose();
  };

  useShortcutKey(SHORTCUTS.resolve, resolve, isOpen);
  if (!isOpen) return null;

  return (
    <Space wrap className="issue-actions">
      {confirmHolder}
      {issue.mayTake && <TakeIssueButton issue={issue} />}
      {mayAssign(permissions) && (
        <Button icon={<UserAddOutlined />} onClick={() => setModal('assign')} data-testid="assign">
          {t('inbox.actions.assign')}
        </Button>
      )}
      {canChange ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: STATUS_TARGETS.filter((s) => s !== issue.status).map((status) => {
              const refusal = statusChangeRefusal(issue, status, roleNames);
              return {
                key: status,
                disabled: refusal !== null,
                label: (
                  <Tooltip title={refusal ? t(`errors.${refusal}`) : null} placement="left">
                    <span data-testid={`status-${status}`}>
                      {t(TARGET_LABELS[status as keyof typeof TARGET_LABELS])}
                    </span>
                  </Tooltip>
                ),
              };
            }),
            onClick: ({ key }) => changeStatus(key as IssueStatus),
          }}
        >
          <Button loading={update.isPending} data-testid="status-menu">
            {t('inbox.actions.status')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : (
        <Tooltip title={issue.closeRequested ? t('errors.issue.close_already_requested') : null}>
          <Button
            disabled={issue.closeRequested}
            loading={requestClose.isPending}
            onClick={askClose}
            aria-keyshortcuts="E"
            data-testid="ask-close"
          >
            {t('inbox.actions.askClose')}
          </Button>
        </Tooltip>
      )}
      {canChange && (
        <Button icon={<SwapOutlined />} onClick={() => setModal('transfer')} data-testid="transfer">
          {t('inbox.actions.transfer')}
        </Button>
      )}
      {modal === 'assign' && <AssignModal issue={issue} onClose={() => setModal(null)} />}
      {modal === 'transfer' && (
        <TransferModal
          issue={issue}
          onClose={() => setModal(null)}
          onDone={(id) => {
            setModal(null);
            onTransferred(id);
          }}
        />
      )}
    </Space>
  );
}

function AssignModal({ issue, onClose }: { issue: IssueDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const assign = useAssignIssue(issue.id);
  const [form] = Form.useForm<TeamForm>();
  return (
    <Modal
      open
      title={t('inbox.actions.assignTitle', { id: issue.id })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('inbox.actions.assign')}
      cancelText={t('inbox.actions.cancel')}
      confirmLoading={assign.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="assign"
        layout="vertical"
        initialValues={{ teamId: issue.team?.id, userId: issue.assignee?.id }}
        onFinish={(v) =>
          assign.mutate(
            { userId: v.userId!, ...(v.teamId !== issue.team?.id ? { teamId: v.teamId } : {}) },
            {
              onSuccess: () => {
                notice.success('inbox.actions.assigned');
                onClose();
              },
              onError: (e) => notice.error(e),
            },
          )
        }
      >
        <TeamAgentFields form={form} isAgentRequired />
      </Form>
    </Modal>
  );
}

function TransferModal({
  issue,
  onClose,
  onDone,
}: {
  issue: IssueDetail;
  onClose: () => void;
  onDone: (newIssueId: number) => void;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const transfer = useTransferIssue(issue.id);
  const [form] = Form.useForm<TeamForm>();
  return (
    <Modal
      open
      title={t('inbox.actions.transferTitle', { id: issue.id })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('inbox.actions.transfer')}
      cancelText={t('inbox.actions.cancel')}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <p>{t('inbox.actions.transferHint')}</p>
      <Form
        form={form}
        name="transfer"
        layout="vertical"
        onFinish={(v) =>
          transfer.mutate(
            {
              teamId: v.teamId,
              ...(v.userId ? { userId: v.userId } : {}),
              ...(v.note ? { note: v.note } : {}),
            },
            {
              onSuccess: (created) => {
                notice.success('inbox.actions.transferred');
                onDone(created.id);
              },
              onError: (e) => notice.error(e),
            },
          )
        }
      >
        <TeamAgentFields form={form} isAgentRequired={false} excludeTeamId={issue.team?.id} />
        <Form.Item name="note" label={t('inbox.actions.transferNote')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
