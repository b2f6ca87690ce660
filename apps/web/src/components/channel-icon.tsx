import { useId } from 'react';
import type { ChannelType } from '@sabai/domain';

type ChannelIconProps = { type: ChannelType; size?: number };

/** The channel's brand mark: LINE green, Messenger blue, Instagram gradient (decorative: a text names it). */
export function ChannelIcon({ type, size = 24 }: ChannelIconProps) {
  const id = useId();
  const common = {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    'aria-hidden': true,
    focusable: false,
    className: 'channel-icon',
    'data-channel-type': type,
  } as const;
  switch (type) {
    case 'line':
      return (
        <svg {...common}>
          <rect width="24" height="24" rx="6" fill="#06C755" />
          <path
            d="M12 5.2c-4.5 0-8.1 2.9-8.1 6.5 0 3.2 2.9 5.9 6.8 6.4.3.1.6.2.7.4.1.2.1.5 0 .7l-.1.7c0 .2-.2.8.7.4.9-.4 5-2.9 6.8-5 1.3-1.4 1.9-2.8 1.9-4.3 0-3.5-3.6-6.4-8.1-6.4z"
            fill="#fff"
          />
          <path
            d="M7.4 10h.9v2.6h1.5v.8H7.4zm3.1 0h.9v3.4h-.9zm1.7 0h.8l1.4 1.9V10h.9v3.4h-.8l-1.4-1.9v1.9h-.9zm3.4 0h2.3v.8h-1.4v.5h1.4v.8h-1.4v.5h1.4v.8h-2.3z"
            fill="#06C755"
          />
        </svg>
      );
    case 'facebook':
      return (
        <svg {...common}>
          <defs>
            <linearGradient id={id} x1="0" y1="1" x2="0" y2="0">
              <stop offset="0" stopColor="#0668E1" />
              <stop offset="1" stopColor="#00B2FF" />
            </linearGradient>
          </defs>
          <circle cx="12" cy="12" r="12" fill={`url(#${id})`} />
          <path
            d="M12 5C8.1 5 5 7.9 5 11.7c0 2 .8 3.7 2.2 4.9.1.1.2.3.2.5v1.8c0 .4.4.7.8.5l2-.9c.2-.1.4-.1.5 0 .4.1.9.2 1.3.2 3.9 0 7-2.9 7-6.7S15.9 5 12 5z"
            fill="#fff"
          />
          <path
            d="m7.8 13.9 2.1-3.3c.3-.5 1-.7 1.5-.3l1.6 1.2c.2.1.4.1.6 0l2.2-1.6c.3-.2.7.1.5.4l-2.1 3.3c-.3.5-1 .7-1.5.3l-1.6-1.2c-.2-.1-.4-.1-.6 0l-2.2 1.6c-.3.3-.7-.1-.5-.4z"
            fill="#0A7CFF"
          />
        </svg>
      );
    case 'instagram':
      return (
        <svg {...common}>
          <defs>
            <radialGradient id={id} cx="0.3" cy="1.07" r="1.2">
              <stop offset="0" stopColor="#FDD65A" />
              <stop offset="0.25" stopColor="#FA7E1E" />
              <stop offset="0.5" stopColor="#D62976" />
              <stop offset="0.75" stopColor="#962FBF" />
              <stop offset="1" stopColor="#4F5BD5" />
            </radialGradient>
          </defs>
          <rect width="24" height="24" rx="6.5" fill={`url(#${id})`} />
          <rect x="5.5" y="5.5" width="13" height="13" rx="4" fill="none" stroke="#fff" strokeWidth="1.6" />
          <circle cx="12" cy="12" r="3.1" fill="none" stroke="#fff" strokeWidth="1.6" />
          <circle cx="15.6" cy="8.4" r="0.95" fill="#fff" />
        </svg>
      );
  }
}
