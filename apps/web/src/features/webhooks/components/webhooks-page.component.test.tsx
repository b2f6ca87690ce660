import { describe, it } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as webhooksPage from './webhooks-page';

const open = () => renderScreen(webhooksPage, { path: '/setting/webhooks', lang: 'th' });

describe('webhook settings (th)', () => {
  it('shows a spinner while the endpoints load', async () => {
    hold(routes.outgoingWebhooks.list);
    const { container } = await open();
    await screen.findByTestId('webhooks-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.outgoingWebhooks.list, []);
    const { container } = await open();
    await screen.findByText(text('webhooks.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.outgoingWebhooks.list, 404, 'not_found');
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.webhook_endpoints');
    await expectAccessible(container);
    answer(routes.outgoingWebhooks.list, []);
    await retry(user);
    await screen.findByText(text('webhooks.empty'));
  });
});
