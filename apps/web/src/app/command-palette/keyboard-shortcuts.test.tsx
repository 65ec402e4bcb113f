import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

async function openShell(path: string) {
  signIn();
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('button', { name: 'Search' });
  return { ...view, user };
}

describe('keyboard shortcuts', () => {
  it.each([
    ['d', '/dashboard/recents'],
    ['t', '/transactions/all'],
    ['p', '/products'],
    ['s', '/settings'],
  ])('g then %s goes to %s', async (key, path) => {
    const { user, router } = await openShell(key === 'd' ? '/settings/security' : '/dashboard/recents');
    await user.keyboard(`g${key}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('? shows the shortcuts, and Escape closes them', async () => {
    const { user } = await openShell('/dashboard/recents');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(rows).toEqual([
      'Open the command palette',
      'Go to Dashboard',
      'Go to Transactions',
      'Go to Products (payment links)',
      'Go to Settings',
      'Show these shortcuts',
      'Close a dialog or the palette',
    ]);
    expect(within(dialog).getByText('Ctrl K')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('fires nothing while typing in a field, and works again once the field is left', async () => {
    const { user, router } = await openShell('/transactions/all');
    const field = await screen.findByRole('searchbox');
    await user.click(field);
    await user.keyboard('gd?');
    expect(field).toHaveValue('gd?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transactions/all');

    field.blur();
    await user.keyboard('gd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
  });

  it('fires nothing while a dialog is open', async () => {
    const { user, router } = await openShell('/dashboard/recents');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('dialog', { name: 'Command palette' });
    // Typed into the palette's field; and a dialog holds the keys anyway.
    await user.keyboard('gt');
    expect(router.state.location.pathname).toBe('/dashboard/recents');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.keyboard('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('drops a g followed by any other key', async () => {
    const { user, router } = await openShell('/dashboard/recents');
    await user.keyboard('gx');
    await user.keyboard('t');
    expect(router.state.location.pathname).toBe('/dashboard/recents');
  });
});
