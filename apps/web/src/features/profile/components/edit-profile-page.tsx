import type { ReactNode } from 'react';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/me';
import { RetryNotice } from '../../../components/retry-notice';
import { ProfilePicture } from './profile-picture';
import { NotificationSettingsForm } from './notification-settings-form';
import { PasswordChangeForm } from './password-change-form';
import { ProfileForm } from './profile-form';

/** /profile/edit-profile and /mobile/profile/edit-profile, opened from the user menu. */
export function EditProfilePage() {
  const { t } = useTranslation();
  const meQuery = useMe();
  const me = meQuery.data;
  const retry = () => void meQuery.refetch();
  const placeholder = (skeleton: ReactNode) => (meQuery.isError ? <RetryNotice onRetry={retry} /> : skeleton);

  return (
    <div className="page" data-testid="edit-profile-page">
      <Typography.Title level={1} className="page__title">
        {t('profile.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('profile.sections.profile')} className="page__card">
            {me ? <ProfileForm me={me} /> : placeholder(<Skeleton active paragraph={{ rows: 6 }} />)}
          </Card>
          <Card title={t('profile.sections.avatar')} className="page__card">
            {me ? <ProfilePicture me={me} /> : placeholder(<Skeleton.Avatar active size={96} />)}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('profile.sections.password')} className="page__card">
            <PasswordChangeForm />
          </Card>
          <Card title={t('profile.sections.notifications')} className="page__card">
            <NotificationSettingsForm />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

export { EditProfilePage as Component };
