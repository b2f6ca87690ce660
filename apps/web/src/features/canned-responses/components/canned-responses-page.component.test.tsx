import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './canned-responses-page';

const EMPTY: Fixture<typeof routes.cannedResponses.list> = { items: [], total: 0, page: 1, pageSize: 20 };

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.cannedResponses.categories, {
    items: [
      {
        id: '5f0b3c9a-1d2e-4f5a-8b6c-7d8e9f0a1b2c',
        name: 'Greetings',
        responseCount: 0,
        isShared: true,
        owner: null,
        canUpdate: true,
        canDelete: true,
        createdAt: '2026-03-01T02:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 500,
  });
}

const open = () => renderScreen(page, { path: '/setting/canned-response', lang: 'en' });

describe('canned responses (en)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.cannedResponses.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('canned-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.cannedResponses.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('canned.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.cannedResponses.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.canned_responses');
    await expectAccessible(container);
    answer(routes.cannedResponses.list, EMPTY);
    await retry(user);
    await screen.findByText(text('canned.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });
});

describe('macros of a staff member (th)', () => {
  it('shows the list’s retrieval failure, and Try again reloads it', async () => {
    answerTheRest();
    answer(routes.cannedResponses.list, EMPTY);
    answer(routes.tags.options, []);
    answer(routes.issues.assignableTeams, []);
    refuse(routes.macros.list, 404, 'not_found');
    const { container, user } = await renderScreen(page, {
      path: '/setting/canned-response?tab=macros',
      lang: 'th',
      role: 'Staff',
    });
    await expectRetrievalFailure('notices.retrieve.macros');
    await expectAccessible(container);
    answer(routes.macros.list, [
      {
        id: 'macro-1',
        name: 'Wholesale follow-up',
        isShared: false,
        actions: [{ type: 'add_note', text: 'Call the customer back on Monday.' }],
        owner: { id: 'user-1', displayName: 'Somchai', email: 'somchai@example.com', profilePath: null },
        canUpdate: true,
        canDelete: true,
        updatedAt: '2026-03-01T02:00:00.000Z',
      },
    ]);
    await retry(user);
    await screen.findByText('Wholesale follow-up');
  });
});
