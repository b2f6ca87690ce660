import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { routes, type IssueDetail } from '@sabai/contracts';
import { ensureInboxTexts } from '../../../lib/i18n';
import { answerLater } from '../../../test/network';
import { renderInApp, text } from '../../../test/render-screen';
import { TakeIssueButton } from './take-buttons';

const WAITING = { id: 53, mayTake: true, assignee: null, status: 'waiting' } as unknown as IssueDetail;
const TAKEN = { ...WAITING, mayTake: false, status: 'on-going' } as IssueDetail;

/** The chat's actions, which drop "Assign to me" once a live update says the issue is taken. */
function Offer() {
  const [offered, setOffered] = useState(true);
  return (
    <>
      {offered && <TakeIssueButton issue={WAITING} />}
      <button type="button" onClick={() => setOffered(false)}>
        live update
      </button>
    </>
  );
}

describe('Assign to me', () => {
  it('says the issue is theirs even when a live update removed the button before the answer', async () => {
    const take = answerLater(routes.issues.take, TAKEN);
    const { user } = await renderInApp(<Offer />, {
      path: '/issue/inbox',
      lang: 'th',
      texts: ensureInboxTexts,
    });
    await user.click(await screen.findByTestId('take-issue'));
    await expect.poll(() => take.calls.length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'live update' }));
    expect(screen.queryByTestId('take-issue')).toBeNull();
    take.release();
    expect(await screen.findByText(text('inbox.actions.taken', { id: WAITING.id }))).toBeTruthy();
  });
});
