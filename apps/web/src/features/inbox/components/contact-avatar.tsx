import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { ChannelType } from '@sabai/domain';
import { ChannelIcon } from '../../../components/channel-icon';

type ContactAvatarProps = {
  name: string;
  pictureUrl: string | null;
  channelType: ChannelType;
  size?: number;
};

/** The customer's picture (or initial) with the channel's mark at the corner. */
export function ContactAvatar({ name, pictureUrl, channelType, size = 40 }: ContactAvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span className="contact-avatar" style={{ width: size, height: size }}>
      <Avatar size={size} src={pictureUrl ?? undefined} icon={initial ? undefined : <UserOutlined />} alt="">
        {initial}
      </Avatar>
      <span className="contact-avatar__channel">
        <ChannelIcon type={channelType} size={Math.round(size * 0.42)} />
      </span>
    </span>
  );
}
