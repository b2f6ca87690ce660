// What a screen shows in the states every list shares, in the words of the catalogue.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { TranslationKey } from '@sabai/i18n';
import { text } from './render-screen';

/** The retrieval-failure notice of the resource and the generic failure with its retry. */
export async function expectRetrievalFailure(notice: TranslationKey): Promise<void> {
  await screen.findByText(text(notice));
  await screen.findByText(text('common.error.retrieve'));
}

/** Presses the retry of a failed list. */
export async function retry(user: UserEvent): Promise<void> {
  await user.click(screen.getByRole('button', { name: text('common.retry') }));
}

/** A spinner turning (antd's, as lists and pages show while they load). */
export function expectSpinner(container: Element): void {
  if (!container.querySelector('.ant-spin-spinning, .ant-skeleton-active'))
    throw new Error('No spinner or skeleton is showing');
}
