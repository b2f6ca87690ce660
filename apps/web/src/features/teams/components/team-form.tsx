import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MANAGER_WORKING_TYPES } from '@sabai/domain';
import type { Team } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { useNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useMemberOptions } from '../api/get-member-options';
import { useRemoveMember } from '../api/remove-member';
import { useSaveTeam } from '../api/save-team';
import {
  AUTO_REPLY_MAX,
  NAME_MAX,
  WORKING_TYPE_LABELS,
  teamSaveFeedback,
  toFormValues,
  toRequest,
} from '../utils/team-form';
import type { TeamFormValues } from '../utils/team-form';
import { MembersEditor } from './members-editor';

type TeamFormProps = {
  /** The team being edited; null when adding one. */
  team: Team | null;
  onSaved: (team: Team, isNew: boolean) => void;
  onCancel: () => void;
};

/** A team's name, manager, auto-reply, manager working type and members with shifts. */
export function TeamForm({ team, onSaved, onCancel }: TeamFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamFormValues>();
  const [confirm, confirmHolder] = useConfirm();
  const optionsQuery = useMemberOptions(true);
  const saveMutation = useSaveTeam();
  const removeMutation = useRemoveMember();
  const notice = useNotice();
  const savedMemberIds = useMemo(() => new Set(team?.members.map((member) => member.userId)), [team]);

  async function handleRemoveSaved(userId: string): Promise<boolean> {
    if (!team || !savedMemberIds.has(userId)) return true;
    try {
      await removeMutation.mutateAsync({ teamId: team.id, userId });
      notice.success('teams.memberRemoved');
      return true;
    } catch (error) {
      notice.error(error, 'common.error.update');
      return false;
    }
  }
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const initialValues = useMemo(() => toFormValues(team), [team]);
  const options = useMemo(() => optionsQuery.data ?? [], [optionsQuery.data]);
  const managerOptions = useMemo(() => {
    const known = options.map((option) => ({
      value: option.id,
      label: `${option.displayName} (${option.email})`,
    }));
    // The current manager stays choosable even when the options no longer list them.
    const manager = team?.manager;
    return manager && !known.some((option) => option.value === manager.id)
      ? [{ value: manager.id, label: `${manager.displayName} (${manager.email})` }, ...known]
      : known;
  }, [options, team]);

  async function handleFinish() {
    const values = form.getFieldsValue(true) as TeamFormValues;
    setFormMessage(null);
    try {
      const saved = await saveMutation.mutateAsync({ id: team?.id ?? null, body: toRequest(values) });
      onSaved(saved, team === null);
    } catch (error) {
      const feedback = teamSaveFeedback(error);
      const onFields = feedback.flatMap(({ field, message }) => (field ? [{ field, message }] : []));
      form.setFields(onFields.map(({ field, message }) => ({ name: field as never, errors: [t(message)] })));
      const [first] = onFields;
      if (first) form.scrollToField(first.field as never, { block: 'center' });
      setFormMessage(feedback.find(({ field }) => field === null)?.message ?? null);
    }
  }

  return (
    <Form<TeamFormValues>
      form={form}
      name="team"
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => void handleFinish()}
      onValuesChange={() => setFormMessage(null)}
      scrollToFirstError={{ block: 'center' }}
      data-testid="team-form"
    >
      {confirmHolder}
      {formMessage && <Alert type="error" showIcon title={t(formMessage)} className="settings-form__alert" />}
      <Form.Item
        name="name"
        label={t('teams.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('teams.form.nameRequired') },
          { max: NAME_MAX, message: t('list.tooLong', { max: NAME_MAX }) },
        ]}
      >
        <Input maxLength={NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="managerUserId"
        label={t('teams.form.manager')}
        rules={[{ required: true, message: t('teams.form.managerRequired') }]}
      >
        <Select
          options={managerOptions}
          loading={optionsQuery.isLoading}
          placeholder={t('teams.form.managerPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="managerWorkingType" label={t('teams.form.managerWorkingType')} required>
        <Radio.Group
          options={MANAGER_WORKING_TYPES.map((type) => ({
            value: type,
            label: t(WORKING_TYPE_LABELS[type]),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="autoReplyMessage"
        label={t('teams.form.autoReply')}
        extra={t('teams.form.autoReplyHint')}
        rules={[
          { required: true, whitespace: true, message: t('teams.form.autoReplyRequired') },
          { max: AUTO_REPLY_MAX, message: t('list.tooLong', { max: AUTO_REPLY_MAX }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={AUTO_REPLY_MAX} />
      </Form.Item>
      <Form.Item label={t('teams.form.members')} required>
        <MembersEditor
          form={form}
          options={options}
          isLoading={optionsQuery.isLoading}
          confirm={confirm}
          onRemoveSaved={handleRemoveSaved}
        />
      </Form.Item>
      <div className="settings-form__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saveMutation.isPending} data-testid="team-save">
          {t('teams.form.save')}
        </Button>
      </div>
    </Form>
  );
}
