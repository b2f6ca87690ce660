import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_ROLE_MATRIX } from '@sabai/domain';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, refuse } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import * as page from './users-page';

/** The select of a matrix cell (its root element carries the status). */
const cell = (id: string): HTMLElement => {
  const root = document.getElementById(id)?.closest<HTMLElement>('.ant-select');
  if (!root) throw new Error(`No cell ${id}`);
  return root;
};

describe('role matrix (en)', () => {
  it('shows the server’s refusal on the alert and on the refused cell', async () => {
    answer(routes.users.list, { items: [], total: 0, page: 1, pageSize: 20 });
    answer(routes.teams.options, []);
    answer(routes.roles.list, [
      { id: 'role-manager', name: 'Manager', permissions: DEFAULT_ROLE_MATRIX.Manager },
      { id: 'role-staff', name: 'Staff', permissions: DEFAULT_ROLE_MATRIX.Staff },
    ]);
    const update = refuse(routes.roles.update, 400, 'role.invalid_permission', {
      problems: [{ resource: 'contact', action: 'view', scope: 'all' }],
    });
    const { container, user } = await renderScreen(page, { path: '/setting/user?tab=roles', lang: 'en' });
    const picker = await screen.findByTestId('role-picker');
    await user.click(within(picker).getByText(text('roles.Staff'), { exact: true }));
    await screen.findByText(text('roleMatrix.editableNote', { role: text('roles.Staff') }));
    expect(cell('scope_contact_view').textContent).toBe(text('roleMatrix.scopes.myChannel'));
    // Reports offer view only.
    expect(document.getElementById('scope_team_performance_update')).toBeNull();

    await user.click(within(cell('scope_contact_view')).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    const dropdown = listbox.closest<HTMLElement>('.ant-select-dropdown') ?? listbox;
    await user.click(within(dropdown).getByTitle(text('roleMatrix.scopes.all')));
    expect(cell('scope_contact_view').textContent).toBe(text('roleMatrix.scopes.all'));
    await user.click(screen.getByTestId('role-save'));

    const alert = await screen.findByTestId('role-matrix-alert');
    await within(alert).findByText(text('errors.role.invalid_permission'));
    within(alert).getByText(`${text('roleMatrix.resources.contact')} · ${text('roleMatrix.actions.view')}`);
    expect(cell('scope_contact_view').className).toContain('status-error');
    expect(update).toHaveLength(1);
    await expectAccessible(container);
  });
});
