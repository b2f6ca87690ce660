import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes, type ResponseOf } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectSpinner, retry } from '../../../test/states';
import * as page from './csat-page';

const EMPTY: ResponseOf<typeof routes.csat.report> = {
  period: { from: '2026-03-04', to: '2026-03-10' },
  summary: {
    sent: 0,
    responses: 0,
    responseRate: null,
    csatPercent: null,
    average: null,
    distribution: [0, 0, 0, 0, 0],
  },
  items: [],
  nextCursor: null,
  options: { channels: [], teams: [], agents: [] },
};

for (const lang of ['en', 'th'] as const) {
  describe(`CSAT report (${lang})`, () => {
    const open = () => renderScreen(page, { path: '/report/csat', lang });

    it('shows a spinner while the report loads', async () => {
      hold(routes.csat.report);
      const { container } = await open();
      await screen.findByTestId('csat-page');
      expectSpinner(container);
      await expectAccessible(container);
    });

    it('shows the retrieval failure; Try again shows the empty report with no average', async () => {
      refuse(routes.csat.report, 404, 'not_found');
      const { container, user } = await open();
      await screen.findByText(text('notices.retrieve.csat_report'));
      const failure = await screen.findByTestId('csat-failure');
      within(failure).getByText(text('common.error.retrieve'));
      await expectAccessible(container);
      answer(routes.csat.report, EMPTY);
      await retry(user);
      await screen.findByText(text('reports.csat.empty'));
      // Nothing to divide by: "–", never 0.
      const average = screen.getByTestId('csat-csatAverage').querySelector('.figure-tile__value');
      expect(average?.textContent).toBe('–');
      await expectAccessible(container);
    });
  });
}
