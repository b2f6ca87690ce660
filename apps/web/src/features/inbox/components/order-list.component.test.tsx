import { describe, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes, type SocialPost } from '@sabai/contracts';
import { ensureInboxTexts } from '../../../lib/i18n';
import { expectAccessible } from '../../../test/accessibility';
import { answer, refuse } from '../../../test/network';
import { renderInApp, text } from '../../../test/render-screen';
import { retry } from '../../../test/states';
import { OrderCollection } from './order-list';

const POST: SocialPost = {
  id: 'post-1',
  externalId: '1234567890_111',
  text: 'Live sale tonight',
  permalink: null,
  pictureUrl: null,
  previewStatus: 'ready',
  postedAt: '2026-03-10T12:00:00.000Z',
  collectsOrders: true,
  orderKeywords: ['CF'],
  orderCount: 0,
};

for (const lang of ['en', 'th'] as const) {
  describe(`a post's order list on a phone (${lang})`, () => {
    it('says a failed load failed, and Try again shows the empty list', async () => {
      refuse(routes.comments.orders, 404, 'not_found');
      const { user } = await renderInApp(
        <OrderCollection post={POST} isReadOnly={false} isPhone onOpenIssue={() => undefined} />,
        { path: '/mobile/issue/chat', lang, texts: ensureInboxTexts },
      );
      await user.click(await screen.findByTestId('open-orders'));
      const sheet = await screen.findByTestId('orders-drawer');
      await within(sheet).findByText(text('inbox.comments.orders.loadFailed'));
      await expectAccessible(sheet);
      answer(routes.comments.orders, { items: [], total: 0 });
      await retry(user);
      await within(sheet).findByText(text('inbox.comments.orders.empty'));
      await expectAccessible(sheet);
    });
  });
}
