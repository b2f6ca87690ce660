// Deep link to Meta Business Suite's inbox for a Page (docs/channels.md "Inbox link": the
// thread parameters are unstable, so we link to the channel's inbox only).
const BASE = 'https://business.facebook.com/latest/inbox';

/** The Business Suite inbox of a Messenger Page or of the Page linked to an Instagram account. */
export function metaInboxLink(channelType: 'facebook' | 'instagram', pageId: string): string {
  const box = channelType === 'instagram' ? 'instagram_direct' : 'messenger';
  return `${BASE}/${box}?asset_id=${encodeURIComponent(pageId)}`;
}
