import { describe, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CSAT_DEFAULT_TEXTS, routes, type Channel } from '@sabai/contracts';
import { ensureChannelTexts } from '../../../lib/i18n';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse } from '../../../test/network';
import { renderInApp, text } from '../../../test/render-screen';
import { expectSpinner, retry } from '../../../test/states';
import { CsatSettingsPanel } from './csat-settings';

const CHANNEL: Channel = {
  id: '0f4a8c2e-3b1d-4e5f-9a6b-7c8d9e0f1a2b',
  type: 'line',
  name: 'LINE Shop',
  externalId: 'U1234',
  pageId: null,
  webhookUrl: 'https://inbox.example.com/webhooks/line/0f4a8c2e',
  assignedMode: 'normal',
  assignedTeamId: null,
  reservedTeamId: null,
  keywords: [],
  businessHoursMode: '24x7',
  shifts: [],
  offServiceResponse: '',
  sendAgentIdentity: false,
  answerInGroups: false,
  markReadOnOpen: true,
  holidays: [],
  hasSecret: true,
  hasAccessToken: true,
  takenOverAt: null,
  unreadableDeliveries: 0,
  createdAt: '2026-03-01T02:00:00.000Z',
};

const open = (lang: 'en' | 'th') =>
  renderInApp(<CsatSettingsPanel channel={CHANNEL} />, {
    path: '/setting/channel',
    lang,
    texts: ensureChannelTexts,
  });

for (const lang of ['en', 'th'] as const) {
  describe(`a channel's survey tab (${lang})`, () => {
    it('shows a skeleton while the survey settings load', async () => {
      hold(routes.csat.settings);
      const { container } = await open(lang);
      await screen.findByTestId('csat-settings-loading');
      expectSpinner(container);
      await expectAccessible(container);
    });

    it('shows the retrieval failure, and Try again shows the form', async () => {
      refuse(routes.csat.settings, 404, 'not_found');
      const { container, user } = await open(lang);
      await screen.findByText(text('notices.retrieve.csat_settings'));
      const survey = screen.getByTestId('csat-settings');
      await within(survey).findByText(text('common.error.retrieve'));
      await expectAccessible(container);
      answer(routes.csat.settings, { enabled: true, ...CSAT_DEFAULT_TEXTS });
      await retry(user);
      await screen.findByTestId('csat-settings-form');
    });
  });
}
