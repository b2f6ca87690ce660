import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './knowledge-base-page';

const EMPTY: Fixture<typeof routes.knowledgeBase.list> = { items: [], total: 0, page: 1, pageSize: 20 };

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.tags.options, []);
}

const open = () => renderScreen(page, { path: '/setting/knowledge-base', lang: 'en' });

describe('knowledge base (en)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.knowledgeBase.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('kb-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.knowledgeBase.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('kb.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.knowledgeBase.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.kb_articles');
    await expectAccessible(container);
    answer(routes.knowledgeBase.list, EMPTY);
    await retry(user);
    await screen.findByText(text('kb.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });

  it('hides adding an article from a role that may not change it', async () => {
    answer(routes.knowledgeBase.list, EMPTY);
    answerTheRest();
    await renderScreen(page, { path: '/setting/knowledge-base', lang: 'en', role: 'Manager' });
    await screen.findByTestId('kb-page');
    await screen.findByText(text('kb.empty'));
    expect(screen.queryByTestId('add-kb-article')).toBeNull();
  });
});
