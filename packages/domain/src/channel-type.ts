// The messaging channels an issue can come from.

export const CHANNEL_TYPES = ['line', 'facebook', 'instagram'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Whether a string names a channel type. */
export function isChannelType(value: string): value is ChannelType {
  return (CHANNEL_TYPES as readonly string[]).includes(value);
}
