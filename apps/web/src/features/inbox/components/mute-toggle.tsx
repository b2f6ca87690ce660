import { Button, Tooltip } from 'antd';
import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../lib/notices';
import type { IssueDetail } from '../api/issues';
import { useSetMuted } from '../api/issue-updates';

/** The chat header's switch for the caller's notifications of this issue (on while not muted). */
export function MuteToggle({ issue }: { issue: IssueDetail }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const setMuted = useSetMuted(issue.id);
  const label = t(issue.muted ? 'inbox.chat.unmute' : 'inbox.chat.mute');
  const toggle = () =>
    setMuted.mutateAsync(!issue.muted).then(
      () => notice.success(issue.muted ? 'inbox.chat.unmuted' : 'inbox.chat.muted'),
      (error: unknown) => notice.error(error),
    );
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={issue.muted ? <MutedOutlined /> : <SoundOutlined />}
        aria-label={label}
        aria-pressed={issue.muted}
        loading={setMuted.isPending}
        onClick={() => void toggle()}
        data-testid="mute-toggle"
        data-muted={issue.muted}
      />
    </Tooltip>
  );
}
