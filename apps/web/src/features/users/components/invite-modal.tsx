import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { useLanguage } from '../../../lib/navigation';
import type { Role } from '../api/get-roles';
import type { TeamSummary } from '../api/get-team-options';
import { useInviteUser } from '../api/user-actions';
import { EMAIL_MAX, NAME_MAX, userSaveFeedback } from '../utils/user-form';
import { roleOptions } from './role-options';

type InviteValues = {
  email: string;
  roleId?: string;
  teamIds: string[];
  firstName: string;
  lastName: string;
};

type InviteModalProps = {
  open: boolean;
  roles: readonly Role[];
  teams: readonly TeamSummary[];
  onClose: () => void;
  onInvited: (user: User) => void;
};

/** Inviting a user by email: the invitation mail carries a set-password link. */
export function InviteModal({ open, roles, teams, onClose, onInvited }: InviteModalProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<InviteValues>();
  const inviteMutation = useInviteUser();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);

  async function handleFinish(values: InviteValues) {
    setFormMessage(null);
    try {
      const user = await inviteMutation.mutateAsync({
        email: values.email.trim(),
        roleId: values.roleId ?? '',
        teamIds: values.teamIds,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        lang: language,
      });
      onInvited(user);
    } catch (error) {
      const feedback = userSaveFeedback(error);
      if (feedback.field && feedback.field !== 'username')
        form.setFields([{ name: feedback.field, errors: [t(feedback.message)] }]);
      else setFormMessage(feedback.message);
    }
  }

  return (
    <Modal
      open={open}
      title={t('users.invite.title')}
      okText={t('users.invite.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={inviteMutation.isPending}
      destroyOnHidden
      rootClassName="invite-modal"
    >
      <p className="muted-text">{t('users.invite.text')}</p>
      {formMessage && <Alert type="error" showIcon title={t(formMessage)} className="settings-form__alert" />}
      <Form<InviteValues>
        form={form}
        name="invite"
        layout="vertical"
        initialValues={{ email: '', teamIds: [], firstName: '', lastName: '' }}
        onFinish={(values) => void handleFinish(values)}
        onValuesChange={() => setFormMessage(null)}
        preserve={false}
        data-testid="invite-form"
      >
        <Form.Item
          name="email"
          label={t('users.invite.email')}
          rules={[
            { required: true, whitespace: true, message: t('users.invite.emailRequired') },
            { type: 'email', message: t('users.invite.emailInvalid') },
          ]}
        >
          <Input type="email" maxLength={EMAIL_MAX} autoComplete="off" />
        </Form.Item>
        <div className="settings-form__row">
          <Form.Item name="firstName" label={t('users.invite.firstName')}>
            <Input maxLength={NAME_MAX} />
          </Form.Item>
          <Form.Item name="lastName" label={t('users.invite.lastName')}>
            <Input maxLength={NAME_MAX} />
          </Form.Item>
        </div>
        <Form.Item
          name="roleId"
          label={t('users.invite.role')}
          rules={[{ required: true, message: t('users.invite.roleRequired') }]}
        >
          <Select options={roleOptions(roles, t)} />
        </Form.Item>
        <Form.Item name="teamIds" label={t('users.invite.teams')}>
          <Select
            mode="multiple"
            options={teams.map((team) => ({ value: team.id, label: team.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
