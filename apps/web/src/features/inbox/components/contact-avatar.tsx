import { useState } from 'react';
import { UserOutlined } from '@ant-design/icons';
import type { ChannelType } from '@sabai/domain';
import { ChannelIcon } from '../../../components/channel-icon';

type ContactAvatarProps = {
  name: string;
  pictureUrl: string | null;
  channelType: ChannelType;
  size?: number;
};

/**
 * The customer's picture (or initial) with the channel's mark at the corner. Plain elements, not antd's
 * Avatar: that one measures its text on mount, a layout read per card while the inbox list scrolls.
 */
export function ContactAvatar({ name, pictureUrl, channelType, size = 40 }: ContactAvatarProps) {
  const [isBroken, setIsBroken] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span className="contact-avatar" style={{ width: size, height: size }}>
      {pictureUrl && !isBroken ? (
        <img
          className="contact-avatar__face"
          src={pictureUrl}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          onError={() => setIsBroken(true)}
        />
      ) : (
        <span className="contact-avatar__face" style={{ fontSize: Math.round(size * 0.45) }} aria-hidden>
          {initial || <UserOutlined />}
        </span>
      )}
      <span className="contact-avatar__channel">
        <ChannelIcon type={channelType} size={Math.round(size * 0.42)} />
      </span>
    </span>
  );
}
