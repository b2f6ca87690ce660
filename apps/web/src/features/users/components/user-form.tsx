import { useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { AvatarUpload } from '../../../components/avatar-upload';
import type { Role } from '../api/get-roles';
import type { TeamSummary } from '../api/get-team-options';
import { useUpdateUser, useUpdateUserImage } from '../api/user-actions';
import { NAME_MAX, USERNAME_MAX, USERNAME_PATTERN, userSaveFeedback } from '../utils/user-form';
import { roleOptions } from './role-options';

const IMAGE_TEXTS = {
  notImage: 'users.form.imageInvalid',
  tooLarge: 'users.form.imageInvalid',
  saved: 'users.form.imageSaved',
  failed: 'users.form.imageInvalid',
} as const;

type UserFormValues = {
  firstName: string;
  lastName: string;
  username: string;
  roleId: string;
  teamIds: string[];
};

type UserFormProps = {
  user: User;
  roles: readonly Role[];
  teams: readonly TeamSummary[];
  onSaved: (user: User) => void;
  onCancel: () => void;
};

/** Editing a user: names, username, role, teams and profile picture. */
export function UserForm({ user, roles, teams, onSaved, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const updateMutation = useUpdateUser();
  const imageMutation = useUpdateUserImage();
  const [formMessage, setFormMessage] = useState<{ key: TranslationKey; teams: string[] } | null>(null);
  const [profilePath, setProfilePath] = useState(user.profilePath);

  async function handleFinish(values: UserFormValues) {
    setFormMessage(null);
    try {
      const saved = await updateMutation.mutateAsync({
        id: user.id,
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          username: values.username.trim(),
          roleId: values.roleId,
          teamIds: values.teamIds,
        },
      });
      onSaved(saved);
    } catch (error) {
      const feedback = userSaveFeedback(error);
      if (feedback.field && feedback.field !== 'email')
        form.setFields([{ name: feedback.field, errors: [t(feedback.message)] }]);
      else setFormMessage({ key: feedback.message, teams: feedback.teams ?? [] });
    }
  }

  async function uploadImage(file: File) {
    const saved = await imageMutation.mutateAsync({ id: user.id, file });
    setProfilePath(saved.profilePath);
  }

  return (
    <Form<UserFormValues>
      form={form}
      name="user"
      layout="vertical"
      initialValues={{
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        roleId: user.role.id,
        teamIds: user.teams.map((team) => team.id),
      }}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFormMessage(null)}
      data-testid="user-form"
    >
      {formMessage && (
        <Alert
          type={formMessage.key === 'errors.user.in_other_team' ? 'warning' : 'error'}
          showIcon
          title={t(formMessage.key)}
          description={formMessage.teams.length > 0 ? formMessage.teams.join(', ') : undefined}
          className="settings-form__alert"
          data-testid="user-form-alert"
        />
      )}
      <Form.Item label={t('users.form.image')}>
        <AvatarUpload
          src={profilePath}
          fallback={user.displayName.slice(0, 1).toUpperCase()}
          size={56}
          upload={uploadImage}
          pending={imageMutation.isPending}
          label={t('users.form.changeImage')}
          texts={IMAGE_TEXTS}
        />
      </Form.Item>
      <div className="settings-form__row">
        <Form.Item
          name="firstName"
          label={t('users.form.firstName')}
          rules={[{ required: true, whitespace: true, message: t('users.form.firstNameRequired') }]}
        >
          <Input maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="lastName"
          label={t('users.form.lastName')}
          rules={[{ required: true, whitespace: true, message: t('users.form.lastNameRequired') }]}
        >
          <Input maxLength={NAME_MAX} />
        </Form.Item>
      </div>
      <Form.Item
        name="username"
        label={t('users.form.username')}
        rules={[
          { required: true, whitespace: true, message: t('users.form.usernameRequired') },
          { pattern: USERNAME_PATTERN, message: t('users.form.usernameInvalid') },
          { max: USERNAME_MAX, message: t('list.tooLong', { max: USERNAME_MAX }) },
        ]}
      >
        <Input maxLength={USERNAME_MAX} autoComplete="off" />
      </Form.Item>
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
      <div className="settings-form__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={updateMutation.isPending} data-testid="user-save">
          {t('users.form.save')}
        </Button>
      </div>
    </Form>
  );
}
