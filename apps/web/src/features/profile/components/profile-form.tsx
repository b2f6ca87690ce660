import { Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';
import { useUpdateProfile } from '../api/update-profile';
import type { ProfileInput } from '../api/update-profile';

/** Username, first and last name (all required). */
export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const updateMutation = useUpdateProfile();
  const [form] = Form.useForm<ProfileInput>();

  async function handleFinish(values: ProfileInput) {
    try {
      await updateMutation.mutateAsync({
        username: values.username.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        politeParticle: values.politeParticle ?? null,
      });
      notice.success('profile.saved');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  return (
    <Form<ProfileInput>
      form={form}
      layout="vertical"
      initialValues={{
        username: me.username,
        firstName: me.firstName,
        lastName: me.lastName,
        politeParticle: me.politeParticle,
      }}
      onFinish={handleFinish}
      data-testid="profile-form"
    >
      {/* Not a form field (no name), so antd ties no label to it: the id is given by hand. */}
      <Form.Item label={t('profile.email')} htmlFor="profile-email">
        <Input id="profile-email" value={me.email} disabled />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('profile.username')}
        rules={[
          { required: true, whitespace: true, message: t('profile.usernameRequired') },
          // The characters the server accepts (packages/contracts UpdateProfileRequestSchema).
          { pattern: /^\s*[\p{L}\p{N}._-]+\s*$/u, message: t('profile.usernameInvalid') },
        ]}
      >
        <Input autoComplete="username" maxLength={60} />
      </Form.Item>
      <Form.Item
        name="firstName"
        label={t('profile.firstName')}
        rules={[{ required: true, whitespace: true, message: t('profile.firstNameRequired') }]}
      >
        <Input autoComplete="given-name" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="lastName"
        label={t('profile.lastName')}
        rules={[{ required: true, whitespace: true, message: t('profile.lastNameRequired') }]}
      >
        <Input autoComplete="family-name" maxLength={100} />
      </Form.Item>
      {/* How AI assist ends the agent's Thai sentences (suggested replies, rewrites, translations). */}
      <Form.Item
        name="politeParticle"
        label={t('profile.politeParticle')}
        extra={t('profile.politeParticleHint')}
      >
        <Radio.Group
          options={[
            { value: 'ka', label: t('profile.particleKa') },
            { value: 'krap', label: t('profile.particleKrap') },
            { value: null, label: t('profile.particleNone') },
          ]}
          data-testid="polite-particle"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={updateMutation.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
