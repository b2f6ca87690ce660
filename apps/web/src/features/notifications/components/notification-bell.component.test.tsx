import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, refuse } from '../../../test/network';
import { renderInApp, text } from '../../../test/render-screen';
import { NotificationBell } from './notification-bell';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

afterEach(() => {
  vi.restoreAllMocks();
});

const badgeOf = (bell: HTMLElement) => bell.querySelector('.ant-badge-count')?.textContent;

for (const lang of ['en', 'th'] as const) {
  describe(`the notification bell (${lang})`, () => {
    it('shows 9+ on the bell and 99+ in the drawer, and says when the count could not be cleared', async () => {
      answer(routes.notifications.count, 150);
      refuse(routes.notifications.clearCount, 400, 'test.refused');
      answer(routes.notifications.list, { items: [], nextCursor: null });
      const { container, user } = await renderInApp(<NotificationBell />, { path: '/issue/inbox', lang });
      const bell = await screen.findByTestId('notification-bell');
      await waitFor(() => expect(badgeOf(bell)).toBe('9+'));
      await user.click(bell);
      await screen.findByText(text('common.notification.clear_count'));
      const drawer = await screen.findByTestId('notification-drawer');
      await waitFor(() =>
        expect(within(drawer).getByTestId('notification-drawer-count').textContent).toBe('99+'),
      );
      await expectAccessible(container.ownerDocument.body);
    });

    it('on a phone, says common.error.retrieve when the drawer cannot load', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PHONE);
      answer(routes.notifications.count, 0);
      answer(routes.notifications.clearCount, undefined);
      refuse(routes.notifications.list, 400, 'test.refused');
      const { user } = await renderInApp(<NotificationBell />, { path: '/mobile/issue/inbox', lang });
      await user.click(await screen.findByTestId('notification-bell'));
      await screen.findByText(text('common.error.retrieve'));
      expect(screen.queryByText(text('notices.retrieve.notifications'))).toBeNull();
    });
  });
}
