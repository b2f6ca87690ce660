// What happens in a LINE chat besides messages, shown as a line in the conversation's trail: the account
// added to or removed from a group or room, members joining or leaving it, and the customer's events an
// agent wants to know about (near a shop's beacon, a linked account, a membership, a video watched to the end).
export const CHAT_EVENT_KINDS = [
  'bot_joined',
  'bot_left',
  'members_joined',
  'members_left',
  'beacon',
  'account_linked',
  'account_link_failed',
  'membership_joined',
  'membership_left',
  'membership_renewed',
  'video_viewed',
] as const;
export type ChatEventKind = (typeof CHAT_EVENT_KINDS)[number];
