import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@sabai/domain';
import type { Me } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';
import { useUpdateAvatar } from '../api/update-avatar';

// The types PUT /me/avatar accepts (docs/api.md).
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * The profile picture: checked here (image, ≤ 5 MB, spec §5) before the server checks it again. A native
 * file input: antd's Upload (and its progress list) would weigh more than this whole page.
 */
export function AvatarUpload({ me }: { me: Me }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const uploadMutation = useUpdateAvatar();
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again fires a change.
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return notice.info('profile.avatar.notImage');
    if (file.size > IMAGE_MAX_BYTES) return notice.info('profile.avatar.tooLarge');
    try {
      await uploadMutation.mutateAsync(file);
      notice.success('profile.avatar.saved');
    } catch (error) {
      notice.error(error, 'profile.avatar.failed');
    }
  }

  return (
    <div className="avatar-upload">
      <Avatar
        size={96}
        src={me.profilePath ?? undefined}
        icon={<UserOutlined />}
        data-testid="profile-avatar"
      />
      <div className="avatar-upload__actions">
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void handleChange(event)}
          data-testid="avatar-input"
        />
        <Button
          icon={<UploadOutlined />}
          loading={uploadMutation.isPending}
          onClick={() => inputRef.current?.click()}
        >
          {t('profile.avatar.upload')}
        </Button>
        <span className="muted-text">{t('profile.avatar.hint')}</span>
      </div>
    </div>
  );
}
