import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from '../../../components/avatar-upload';
import type { Me } from '../../../lib/me';
import { useUpdateAvatar } from '../api/update-avatar';

const TEXTS = {
  notImage: 'profile.avatar.notImage',
  tooLarge: 'profile.avatar.tooLarge',
  saved: 'profile.avatar.saved',
  failed: 'profile.avatar.failed',
} as const;

/** The caller's own picture on the profile page (PUT /me/avatar). */
export function ProfilePicture({ me }: { me: Me }) {
  const { t } = useTranslation();
  const uploadMutation = useUpdateAvatar();
  return (
    <AvatarUpload
      src={me.profilePath}
      fallback={<UserOutlined />}
      size={96}
      upload={(file) => uploadMutation.mutateAsync(file)}
      pending={uploadMutation.isPending}
      label={t('profile.avatar.upload')}
      hint={t('profile.avatar.hint')}
      texts={TEXTS}
      testId="profile-avatar"
    />
  );
}
