import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MASKED_VALUE, routes, type ResponseOf } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './audit-log-page';

type EntryPage = ResponseOf<typeof routes.audit.list>;
type Entry = EntryPage['items'][number];

const entry = (id: string, overrides: Partial<Entry>): Entry => ({
  id,
  at: '2026-03-10T02:30:00.000Z',
  actor: { id: null, name: 'Somchai Jaidee', email: 'somchai@example.com' },
  ip: '203.0.113.7',
  area: 'channel',
  action: 'update',
  subject: { id: 'c1', label: 'LINE Shop' },
  outcome: 'ok',
  changes: [],
  route: 'PUT /channels/:id',
  ...overrides,
});

const FIRST: EntryPage = {
  items: [
    entry('2', {
      changes: [
        { field: 'secret', before: MASKED_VALUE, after: MASKED_VALUE },
        { field: 'shifts', before: null, after: [{ day: 'mon', start: '09:00', stop: '18:00' }] },
        { field: 'isActive', before: true, after: false },
      ],
    }),
  ],
  nextCursor: '2',
};
const NEXT: EntryPage = {
  items: [
    entry('1', {
      area: 'session',
      action: 'sign_in_failed',
      subject: { id: null, label: 'someone@example.com' },
      outcome: 'auth.invalid_credentials',
      route: 'POST /auth/login',
    }),
  ],
  nextCursor: null,
};
const EMPTY: EntryPage = { items: [], nextCursor: null };

function answerTheRest() {
  answer(routes.audit.settings, { retentionDays: 180 });
  answer(routes.users.list, { items: [], total: 0, page: 1, pageSize: 20 });
}

const rowOf = (label: string): HTMLElement => {
  const row = screen.getByText(label).closest('tr');
  if (!row) throw new Error(`No row holds ${label}`);
  return row;
};

/** antd's expand button of a row (named by antd's own locale). */
const expandButton = (row: HTMLElement): HTMLElement => {
  const button = row.querySelector<HTMLElement>('.ant-table-row-expand-icon');
  if (!button) throw new Error('The row cannot expand');
  return button;
};

for (const lang of ['en', 'th'] as const) {
  describe(`audit log (${lang})`, () => {
    const open = () => renderScreen(page, { path: '/setting/audit-log', lang });

    it('pages with "Load more", translates outcomes and shows the values as they were', async () => {
      answer(routes.audit.list, ({ query }) => (query.get('cursor') === '2' ? NEXT : FIRST));
      answerTheRest();
      const { container, user } = await open();
      await screen.findByText('LINE Shop');
      // Bangkok time (UTC+7).
      expect(rowOf('LINE Shop').textContent).toContain('10/03/2026 09:30');
      await user.click(screen.getByTestId('audit-load-more'));
      await screen.findByText('someone@example.com');
      const refused = rowOf('someone@example.com');
      expect(within(refused).getByTestId('audit-outcome').textContent).toBe(
        text('errors.auth.invalid_credentials'),
      );
      expect(refused.textContent).toContain(text('auditLog.actions.sign_in_failed'));
      expect(screen.queryByTestId('audit-load-more')).toBeNull();

      await user.click(expandButton(rowOf('LINE Shop')));
      const changes = await screen.findByTestId('audit-changes');
      const value = (field: string, side: 'before' | 'after') => {
        const row = within(changes).getByText(field, { selector: 'code' }).closest('tr');
        return within(row as HTMLElement).getByTestId(`audit-${side}`).textContent;
      };
      expect(value('secret', 'before')).toBe(MASKED_VALUE);
      expect(value('secret', 'after')).toBe(MASKED_VALUE);
      expect(value('shifts', 'before')).toBe('—');
      expect(value('shifts', 'after')).toBe('[{"day":"mon","start":"09:00","stop":"18:00"}]');
      expect(value('isActive', 'after')).toBe('false');
      await user.click(expandButton(refused));
      await screen.findByText(text('auditLog.details.noChanges'));
      await expectAccessible(container);
    });

    it('shows a spinner while the log loads', async () => {
      hold(routes.audit.list);
      answerTheRest();
      const { container } = await open();
      await screen.findByTestId('audit-log-page');
      expectSpinner(container);
      await expectAccessible(container);
    });

    it('shows the empty state', async () => {
      answer(routes.audit.list, EMPTY);
      answerTheRest();
      const { container } = await open();
      await screen.findByText(text('auditLog.empty'));
      await expectAccessible(container);
    });

    it('shows the retrieval failure, and Try again reloads the log', async () => {
      refuse(routes.audit.list, 404, 'not_found');
      answerTheRest();
      const { container, user } = await open();
      await expectRetrievalFailure('notices.retrieve.audit_log');
      await expectAccessible(container);
      answer(routes.audit.list, EMPTY);
      await retry(user);
      await screen.findByText(text('auditLog.empty'));
    });
  });
}
