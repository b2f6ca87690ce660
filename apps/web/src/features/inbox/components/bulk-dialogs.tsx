// The dialogs of the bulk bar that need a choice before acting on the selected issues: an agent to assign
// them to, a tag to add, a team to transfer them to.
import { Form, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from '../api/bulk';
import { useFilterOptions } from '../api/issues';
import { useRetrievalNotice } from '../../../lib/notices';
import { readableColour } from '../../../lib/readable-colour';
import { TeamAgentFields, type TeamForm } from './team-agent-fields';

type Action = BulkAction['action'];

type BulkDialogProps = {
  count: number;
  isPending: boolean;
  /** The action the choice makes (the bar may confirm it first, and closes the dialog once done). */
  onSubmit: (action: Action) => void;
  onClose: () => void;
};

/** Every selected issue to one agent of a team. */
export function BulkAssignDialog({ count, isPending, onSubmit, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamForm>();
  return (
    <Modal
      open
      title={t('inbox.bulk.assignTitle', { count })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('inbox.bulk.assign')}
      cancelText={t('inbox.actions.cancel')}
      confirmLoading={isPending}
      destroyOnHidden
      rootClassName="bulk-dialog"
    >
      <p>{t('inbox.bulk.assignHint')}</p>
      <Form
        form={form}
        name="bulk-assign"
        layout="vertical"
        onFinish={(values) => onSubmit({ type: 'assign', teamId: values.teamId, userId: values.userId! })}
      >
        <TeamAgentFields form={form} isAgentRequired />
      </Form>
    </Modal>
  );
}

/** Every selected issue handed to another team (its agent optional), as a new issue each. */
export function BulkTransferDialog({ count, isPending, onSubmit, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamForm>();
  return (
    <Modal
      open
      title={t('inbox.bulk.transferTitle', { count })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('inbox.bulk.transfer')}
      cancelText={t('inbox.actions.cancel')}
      confirmLoading={isPending}
      destroyOnHidden
      rootClassName="bulk-dialog"
    >
      <p>{t('inbox.bulk.transferHint')}</p>
      <Form
        form={form}
        name="bulk-transfer"
        layout="vertical"
        onFinish={(values) =>
          onSubmit({
            type: 'transfer',
            teamId: values.teamId,
            ...(values.userId ? { userId: values.userId } : {}),
          })
        }
      >
        <TeamAgentFields form={form} isAgentRequired={false} />
      </Form>
    </Modal>
  );
}

/** One tag added to every selected issue. */
export function BulkTagDialog({ count, isPending, onSubmit, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ tagId: string }>();
  const options = useFilterOptions();
  useRetrievalNotice(options.isError, 'tags');
  return (
    <Modal
      open
      title={t('inbox.bulk.tagTitle', { count })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('inbox.bulk.addTag')}
      cancelText={t('inbox.actions.cancel')}
      confirmLoading={isPending}
      destroyOnHidden
      rootClassName="bulk-dialog"
    >
      <Form
        form={form}
        name="bulk-tag"
        layout="vertical"
        onFinish={(values) => onSubmit({ type: 'add_tag', tagId: values.tagId })}
      >
        <Form.Item
          name="tagId"
          label={t('inbox.bulk.tag')}
          rules={[{ required: true, message: t('inbox.bulk.tagRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isLoading}
            options={options.data?.tags.map((tag) => ({
              value: tag.id,
              label: tag.name,
              colour: tag.colour,
            }))}
            optionRender={(option) => (
              <Tag color={readableColour(option.data.colour)} className="bulk-dialog__tag">
                {option.label}
              </Tag>
            )}
            data-testid="pick-tag"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
