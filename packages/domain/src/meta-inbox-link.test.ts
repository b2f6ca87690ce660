import { describe, expect, it } from 'vitest';
import { metaInboxLink } from './meta-inbox-link';

describe('metaInboxLink', () => {
  it('links to the Messenger or Instagram Direct inbox of the page', () => {
    expect(metaInboxLink('facebook', '100000000000001')).toBe(
      'https://business.facebook.com/latest/inbox/messenger?asset_id=100000000000001',
    );
    expect(metaInboxLink('instagram', '100000000000001')).toBe(
      'https://business.facebook.com/latest/inbox/instagram_direct?asset_id=100000000000001',
    );
  });
});
