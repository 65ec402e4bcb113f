import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { actForBusiness } from '@/lib/acting-profile';
import { db, twoFactorOn } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { buildMember } from '../testing/factories';

const BUSINESS_ID = '9f8e7d6c-5b4a-4321-8fed-cba987654321';

async function teamTable() {
  return screen.findByRole('table', { name: 'Team members' });
}

describe('Settings > Team', () => {
  it('lists each member with email, role, two-factor and last activity', async () => {
    signIn();
    db.team.members.push(buildMember());
    renderApp('/settings/team');
    const table = await teamTable();
    const rows = within(table).getAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ada Okafor(you)ada@example.comOwner OffNever');
    expect(rows[1]).toHaveTextContent('Bola Adeyemi');
    expect(rows[1]).toHaveTextContent('bola@example.com');
    expect(rows[1]).toHaveTextContent('On');
    expect(rows[1]).toHaveTextContent('5 minutes ago');
    expect(
      within(rows[1] as HTMLElement).getByRole('combobox', { name: 'Role of Bola Adeyemi' }),
    ).toHaveValue('finance');
  });

  it('says it is just you so far when nobody else is in the team', async () => {
    signIn();
    renderApp('/settings/team');
    expect(
      await screen.findByRole('heading', { name: 'Just you so far — invite your accountant or developer' }),
    ).toBeInTheDocument();
  });

  it('shows the error with a way to try again when the team cannot be read', async () => {
    signIn();
    server.use(
      http.get('/api/team/members', () =>
        HttpResponse.json({ error: 'Unable to fetch team members', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/settings/team');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch team members');
  });

  it('invites by email with a role, describing each role, and lists the invitation as pending', async () => {
    signIn();
    renderApp('/settings/team');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kemi@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'finance');
    expect(dialog).toHaveTextContent(
      'Settlement accounts, payouts, conversions, refunds, exports; reads everything money.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to kemi@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('kemi@example.com')).toBeInTheDocument();
    expect(within(pending).getByText('Finance')).toBeInTheDocument();
    expect(db.team.invitations[0]).toMatchObject({ email: 'kemi@example.com', role: 'finance' });
  });

  it("shows the API's refusal of an invitation beside the email", async () => {
    signIn();
    db.team.members.push(buildMember());
    renderApp('/settings/team');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'bola@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('bola@example.com is already a member of this team.'),
    ).toBeInTheDocument();
    expect(db.team.invitations).toHaveLength(0);
  });

  it('resends and, once confirmed, revokes a pending invitation', async () => {
    signIn();
    db.team.invitations.push({
      id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
      email: 'dev@example.com',
      role: 'developer',
      status: 'PENDING',
      invitedBy: null,
      createdAt: new Date(Date.now() - 3_600_000).toISOString(),
      expiresAt: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    });
    renderApp('/settings/team');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation to dev@example.com' }),
    );
    expect(await screen.findByText('Invitation sent again to dev@example.com')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to dev@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation to dev@example.com?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(await screen.findByText('No invitations waiting.')).toBeInTheDocument();
    expect(db.team.invitations).toHaveLength(0);
  });

  it('removes a member after a confirmation naming them', async () => {
    signIn();
    db.team.members.push(buildMember());
    renderApp('/settings/team');
    const table = await teamTable();
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Bola Adeyemi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bola Adeyemi?' });
    expect(dialog).toHaveTextContent('They lose access at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByTestId('member-row')).toHaveLength(1));
    expect(db.team.members.map((member) => member.email)).toEqual(['ada@example.com']);
  });

  it('asks before lowering a role, naming what the member loses; raising needs no question', async () => {
    signIn();
    db.team.members.push(buildMember());
    renderApp('/settings/team');
    const table = await teamTable();
    await userEvent.selectOptions(
      within(table).getByRole('combobox', { name: 'Role of Bola Adeyemi' }),
      'viewer',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make Bola Adeyemi Viewer?' });
    expect(dialog).toHaveTextContent('make payouts');
    expect(db.team.members[1]?.role).toBe('finance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Bola Adeyemi is now Viewer')).toBeInTheDocument();
    expect(db.team.members[1]?.role).toBe('viewer');

    await userEvent.selectOptions(
      within(table).getByRole('combobox', { name: 'Role of Bola Adeyemi' }),
      'admin',
    );
    expect(await screen.findByText('Bola Adeyemi is now Admin')).toBeInTheDocument();
    expect(db.team.members[1]?.role).toBe('admin');
  });

  it('keeps the two-factor switch off until the owner has two-factor, saying so', async () => {
    signIn();
    renderApp('/settings/team');
    const control = await screen.findByRole('switch', { name: 'Require two-factor for everyone' });
    expect(control).toBeDisabled();
    expect(control.closest('[data-testid="role-required"]')).toHaveTextContent(
      'Turn on two-factor authentication for your own account before requiring it of everyone in the team.',
    );
  });

  it('lets an owner with two-factor require it of everyone', async () => {
    signIn();
    db.twoFactor = twoFactorOn();
    const [owner] = db.team.members;
    if (owner) owner.twoFactorEnabled = true;
    renderApp('/settings/team');
    const control = await screen.findByRole('switch', { name: 'Require two-factor for everyone' });
    await userEvent.click(control);
    expect(await screen.findByText('Every member now needs two-factor authentication')).toBeInTheDocument();
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
    expect(db.team.requireTwoFactor).toBe(true);
  });

  it('transfers ownership to an admin with the current password, after the confirmation', async () => {
    signIn();
    db.team.members.push(buildMember({ role: 'admin' }));
    renderApp('/settings/team');
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    expect(within(dialog).getByLabelText('New owner')).toHaveValue(db.team.members[1]?.id);
    await userEvent.type(within(dialog).getByLabelText('Current Password'), 'Secret123!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await within(dialog).findByText('Confirm that you hand the business over')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(
      await screen.findByText('Ownership transferred: you are now an admin of this business.'),
    ).toBeInTheDocument();
    expect(db.team.members.map((member) => member.role)).toEqual(['admin', 'owner']);
  });

  it('shows a member who cannot manage the team each action disabled, saying who can', async () => {
    signIn();
    db.team.memberships.push({
      businessId: BUSINESS_ID,
      businessName: 'Kola Stores',
      role: 'support',
      twoFactorSetupRequired: false,
    });
    actForBusiness({ businessId: BUSINESS_ID, businessName: 'Kola Stores', role: 'support' });
    db.team.members.push(buildMember());
    renderApp('/settings/team');
    const invite = await screen.findByRole('button', { name: 'Invite member' });
    expect(invite).toBeDisabled();
    expect(invite.closest('[data-testid="role-required"]')).toHaveTextContent(
      'Only an owner or admin member can invite, change or remove team members',
    );
    const table = await teamTable();
    expect(within(table).getByRole('combobox', { name: 'Role of Bola Adeyemi' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Remove Bola Adeyemi' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Transfer ownership' })).toBeDisabled();
    // Invitations are the managers' business: not asked for, not shown.
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });
});
