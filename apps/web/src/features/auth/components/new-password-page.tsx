import { useState } from 'react';
import { Button, Form } from 'antd';
import type { TranslationKey } from '@sabai/i18n';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import { errorKey } from '../../../lib/i18n';
import { AppLink } from '../../../components/app-link';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/password-fields';
import { PublicLayout } from '../../../components/public-layout';
import { PublicResult } from '../../../components/public-result';
import { useResetPassword } from '../api/reset-password';

type NewPasswordValues = { password: string; confirmPassword: string };

type NewPasswordPageProps = { mode: 'reset' | 'invite' };

/**
 * /login/reset-password (forgotten password) and /login/set-new-password (invited user): the same form
 * and the same call, with the token from the emailed link.
 */
export function NewPasswordPage({ mode }: NewPasswordPageProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const resetAction = useResetPassword();
  const [failure, setFailure] = useState<TranslationKey | null>(null);
  const token = searchParams.get('token') ?? '';
  const title = mode === 'reset' ? t('resetPassword.title') : t('setNewPassword.title');
  const subtitle = mode === 'reset' ? t('resetPassword.subtitle') : t('setNewPassword.subtitle');

  async function handleFinish({ password }: NewPasswordValues) {
    setFailure(null);
    try {
      await resetAction.run({ token, password });
      navigate('/login/password-created', { replace: true });
    } catch (error) {
      setFailure(errorKey(error, 'profile.password.failed'));
    }
  }

  if (!token) {
    return (
      <PublicLayout title={title}>
        <PublicResult
          status="warning"
          title={t('resetPassword.missingTokenTitle')}
          text={t('resetPassword.missingTokenText')}
          extra={<AppLink to="/login/forget-password">{t('resetPassword.requestNewLink')}</AppLink>}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={title} subtitle={subtitle}>
      {failure && <FormAlert text={t(failure)} />}
      <Form<NewPasswordValues> layout="vertical" requiredMark={false} onFinish={handleFinish}>
        <NewPasswordFields
          passwordLabel={t('resetPassword.newPassword')}
          confirmLabel={t('resetPassword.confirmPassword')}
        />
        <Button type="primary" htmlType="submit" block size="large" loading={resetAction.isPending}>
          {mode === 'reset' ? t('resetPassword.submit') : t('setNewPassword.submit')}
        </Button>
      </Form>
      <div className="form-row-center">
        <AppLink to="/login">{t('login.backToLogin')}</AppLink>
      </div>
    </PublicLayout>
  );
}
