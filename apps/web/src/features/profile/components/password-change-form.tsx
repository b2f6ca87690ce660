import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useNotice } from '../../../lib/notices';
import { NewPasswordFields } from '../../../components/password-fields';
import { useChangePassword } from '../api/change-password';

type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const PASSWORD_CODES = [
  'password.length',
  'password.letter',
  'password.digit',
  'password.repeated',
  'password.common',
] as const;
type PasswordCode = (typeof PASSWORD_CODES)[number];

// The server lists every broken rule in the error's details; collect the codes wherever they appear.
function passwordCodesIn(value: unknown): PasswordCode[] {
  if (typeof value === 'string') return PASSWORD_CODES.filter((code) => code === value);
  if (Array.isArray(value)) return value.flatMap(passwordCodesIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(passwordCodesIn);
  return [];
}

/** Current, new and confirmation; the server checks the current password. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<PasswordChangeValues>();
  const changeMutation = useChangePassword();

  async function handleFinish({ currentPassword, newPassword }: PasswordChangeValues) {
    try {
      await changeMutation.mutateAsync({ currentPassword, newPassword });
      form.resetFields();
      notice.success('profile.password.saved');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth.current_password_incorrect') {
        form.setFields([{ name: 'currentPassword', errors: [t('auth.current_password_incorrect')] }]);
        return;
      }
      if (error instanceof ApiError && error.code.startsWith('password.')) {
        const codes = [...new Set([...passwordCodesIn(error.code), ...passwordCodesIn(error.details)])];
        form.setFields([{ name: 'newPassword', errors: codes.map((code) => t(code)) }]);
        notice.info('profile.password.notAllowed');
        return;
      }
      notice.error(error, 'profile.password.failed');
    }
  }

  return (
    <Form<PasswordChangeValues>
      form={form}
      layout="vertical"
      onFinish={handleFinish}
      data-testid="password-form"
    >
      <Form.Item
        name="currentPassword"
        label={t('profile.password.current')}
        rules={[{ required: true, message: t('profile.password.currentRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        passwordName="newPassword"
        passwordLabel={t('profile.password.new')}
        confirmLabel={t('profile.password.confirm')}
      />
      <Button type="primary" htmlType="submit" loading={changeMutation.isPending}>
        {t('profile.password.submit')}
      </Button>
    </Form>
  );
}
