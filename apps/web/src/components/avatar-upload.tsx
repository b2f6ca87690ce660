import { useRef } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import type { TranslationKey } from '@sabai/i18n';
import { AVATAR_TYPES, avatarFileProblem } from '../lib/avatar-file';
import { useNotice } from '../lib/notices';

export type AvatarUploadTexts = Record<'notImage' | 'tooLarge' | 'saved' | 'failed', TranslationKey>;

type AvatarUploadProps = {
  src: string | null;
  /** What the avatar shows without a picture: an initial, or an icon. */
  fallback: ReactNode;
  size: number;
  /** Sends the file; the picture shown follows from what it saves. */
  upload: (file: File) => Promise<unknown>;
  pending: boolean;
  label: string;
  /** Translated, like `label`. */
  hint?: string;
  texts: AvatarUploadTexts;
  testId?: string;
};

/**
 * A user's picture with its upload button, on the profile page and in user management: checked here (image,
 * ≤ 5 MB) before the server checks it again. A native file input: antd's Upload (and its progress list)
 * would weigh more than the page around it.
 */
export function AvatarUpload({
  src,
  fallback,
  size,
  upload,
  pending,
  label,
  hint,
  texts,
  testId,
}: AvatarUploadProps) {
  const notice = useNotice();
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) return notice.warning(texts[problem]);
    try {
      await upload(file);
      notice.success(texts.saved);
    } catch (error) {
      notice.error(error, texts.failed);
    }
  }

  return (
    <div className="avatar-upload">
      <Avatar
        size={size}
        src={src ?? undefined}
        // The picture beside its own button: the page names whose it is.
        alt=""
        {...(typeof fallback === 'string' ? { children: fallback } : { icon: fallback })}
        data-testid={testId}
      />
      <div className="avatar-upload__actions">
        <input
          ref={inputRef}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void handleChange(event)}
          data-testid="avatar-input"
        />
        <Button
          icon={<UploadOutlined aria-hidden />}
          loading={pending}
          onClick={() => inputRef.current?.click()}
        >
          {label}
        </Button>
        {hint && <span className="muted-text">{hint}</span>}
      </div>
    </div>
  );
}
