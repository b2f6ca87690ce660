import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import { PublicLayout } from '../../../components/public-layout';
import { PublicResult } from '../../../components/public-result';

/** /login/password-created: the password was saved; sign in with it. */
export function PasswordCreatedPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <PublicLayout title={t('passwordCreated.title')}>
      <PublicResult
        status="success"
        title={t('passwordCreated.title')}
        text={t('passwordCreated.text')}
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/login')}>
            {t('passwordCreated.signIn')}
          </Button>
        }
      />
    </PublicLayout>
  );
}

export { PasswordCreatedPage as Component };
