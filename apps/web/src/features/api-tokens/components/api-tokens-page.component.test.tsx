import { describe, it } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as apiTokensPage from './api-tokens-page';

const open = () => renderScreen(apiTokensPage, { path: '/setting/api-tokens', lang: 'en' });

describe('API token settings (en)', () => {
  it('shows a spinner while the tokens load', async () => {
    hold(routes.apiTokens.list);
    const { container } = await open();
    await screen.findByTestId('api-tokens-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.apiTokens.list, []);
    const { container } = await open();
    await screen.findByText(text('apiTokens.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.apiTokens.list, 404, 'not_found');
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.api_tokens');
    await expectAccessible(container);
    answer(routes.apiTokens.list, []);
    await retry(user);
    await screen.findByText(text('apiTokens.empty'));
  });
});
