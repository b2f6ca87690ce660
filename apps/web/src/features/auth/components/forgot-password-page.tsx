import { useState } from 'react';
import type { TranslationKey } from '@sabai/i18n';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/navigation';
import { errorKey } from '../../../lib/i18n';
import { AppLink } from '../../../components/app-link';
import { FormAlert } from '../../../components/form-alert';
import { PublicLayout } from '../../../components/public-layout';
import { PublicResult } from '../../../components/public-result';
import { useForgotPassword } from '../api/forgot-password';

type ForgotPasswordValues = { email: string };

/** /login/forget-password: asks for the account's email and mails a reset link. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const forgotAction = useForgotPassword();
  const [failure, setFailure] = useState<TranslationKey | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleFinish({ email }: ForgotPasswordValues) {
    setFailure(null);
    try {
      await forgotAction.run({ email: email.trim(), lang: language });
      setSentTo(email.trim());
    } catch (error) {
      setFailure(errorKey(error, 'forgotPassword.failed'));
    }
  }

  if (sentTo) {
    return (
      <PublicLayout title={t('forgotPassword.title')}>
        <PublicResult
          status="success"
          title={t('forgotPassword.sentTitle')}
          text={t('forgotPassword.sentText', { email: sentTo })}
          extra={<AppLink to="/login">{t('login.backToLogin')}</AppLink>}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      {failure && <FormAlert text={t(failure)} />}
      <Form<ForgotPasswordValues> layout="vertical" requiredMark={false} onFinish={handleFinish}>
        <Form.Item
          name="email"
          label={t('forgotPassword.email')}
          rules={[
            { required: true, whitespace: true, message: t('forgotPassword.emailRequired') },
            { type: 'email', message: t('forgotPassword.emailInvalid') },
          ]}
        >
          <Input autoComplete="email" inputMode="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={forgotAction.isPending}>
          {t('forgotPassword.submit')}
        </Button>
      </Form>
      <div className="form-row-center">
        <AppLink to="/login">{t('login.backToLogin')}</AppLink>
      </div>
    </PublicLayout>
  );
}

export { ForgotPasswordPage as Component };
