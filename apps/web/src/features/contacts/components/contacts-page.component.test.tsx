import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './contacts-page';

const EMPTY: Fixture<typeof routes.contacts.list> = { items: [], nextCursor: null };

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.contacts.filterOptions, { channels: [], tags: [] });
  answer(routes.contacts.provinces, [{ en: 'Bangkok', th: 'กรุงเทพมหานคร' }]);
}

const open = () => renderScreen(page, { path: '/contacts', lang: 'th' });

describe('contacts (th)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.contacts.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('contacts-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.contacts.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('contacts.emptyAll'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.contacts.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.contacts');
    await expectAccessible(container);
    answer(routes.contacts.list, EMPTY);
    await retry(user);
    await screen.findByText(text('contacts.emptyAll'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });

  it('says no contact matches a search', async () => {
    const list = answer(routes.contacts.list, EMPTY);
    answerTheRest();
    const { container, user } = await open();
    await screen.findByText(text('contacts.emptyAll'));
    await user.type(screen.getByTestId('contact-search'), 'no such customer anywhere');
    await screen.findByText(text('contacts.empty'));
    await waitFor(() => expect(list.at(-1)?.query.get('search')).toBe('no such customer anywhere'));
    await expectAccessible(container);
  });
});
