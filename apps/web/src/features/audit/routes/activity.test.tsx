import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { buildAuditEvent, buildMember } from '../testing/factories';

const FINANCE_ID = '5d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
const owner = buildMember();
const finance = buildMember({
  id: FINANCE_ID,
  firstName: 'Bola',
  lastName: 'Adeyemi',
  email: 'bola@example.com',
  role: 'finance',
});

function answerMembers() {
  db.team.members = [owner, finance];
}

function seed() {
  const signIn = buildAuditEvent({ occurredAt: '2026-11-20T08:00:00.000Z' });
  const payout = buildAuditEvent({
    occurredAt: '2026-11-24T14:30:00.000Z',
    actorPersonId: FINANCE_ID,
    actor: { name: 'Bola Adeyemi', email: 'bola@example.com' },
    action: 'payout.created',
    target: { type: 'payout', id: '7c6b5a49-3827-4160-9f5e-4d3c2b1a0f9e' },
    ip: '41.58.12.9',
    details: { amount: 500_000, currency: 'NGN' },
  });
  const failed = buildAuditEvent({
    occurredAt: '2026-11-25T07:00:00.000Z',
    actorPersonId: FINANCE_ID,
    actor: { name: 'Bola Adeyemi', email: 'bola@example.com' },
    action: 'auth.sign_in_failed',
    outcome: 'failure',
    ip: '41.58.12.9',
  });
  const webhook = buildAuditEvent({
    occurredAt: '2026-11-26T10:00:00.000Z',
    apiKeyPrefix: 'bzk_test_ab12',
    actorPersonId: null,
    actor: null,
    device: null,
    action: 'webhook.url_changed',
    target: { type: 'webhook', id: USER_ID },
    ip: '3.8.1.2',
    userAgent: 'curl/8.5.0',
    details: {
      userId: USER_ID,
      before: 'https://old.example.com/hooks',
      after: 'https://shop.example.com/hooks',
    },
  });
  db.auditEvents = [signIn, payout, failed, webhook];
  return { signIn, payout, failed, webhook };
}

function openActivity(path = '/settings/activity') {
  signIn();
  answerMembers();
  const requests = recordRequests();
  return { ...renderApp(path), requests, user: userEvent.setup() };
}

const auditCalls = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((request) => request.url.startsWith('/api/audit-events?'));

afterEach(() => vi.unstubAllGlobals());

describe('Settings: Activity', () => {
  it('lists the entries newest first: when, person or API key, action, target, IP and outcome', async () => {
    seed();
    openActivity();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(4);
    const [webhook, failed, payout, signedIn] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(webhook).toHaveTextContent('API key bzk_test_ab12…');
    expect(webhook).toHaveTextContent('Webhook URL changed');
    expect(webhook).toHaveTextContent('3.8.1.2');
    expect(failed).toHaveTextContent('Bola Adeyemi');
    expect(failed).toHaveTextContent('Sign-in failed');
    expect(within(failed).getByTestId('audit-outcome')).toHaveTextContent('Failed');
    expect(payout).toHaveTextContent('Payout created');
    expect(payout).toHaveTextContent('Payout 7c6b5a49');
    expect(within(payout).getByTestId('audit-outcome')).toHaveTextContent('Success');
    expect(signedIn).toHaveTextContent('Ada Okafor');
    expect(signedIn).toHaveTextContent('Signed in');
  });

  it('filters by person, action and dates, keeping them in the address and asking the API for them', async () => {
    const { failed } = seed();
    const { user, router, requests } = openActivity();
    await screen.findAllByTestId('audit-row');
    await user.selectOptions(screen.getByLabelText('Person'), 'Bola Adeyemi');
    await user.selectOptions(screen.getByLabelText('Action'), 'Sign-in failed');
    await user.type(screen.getByLabelText('From'), '2026-11-25');
    await user.type(screen.getByLabelText('To'), '2026-11-25');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        person: FINANCE_ID,
        action: 'auth.sign_in_failed',
        from: '2026-11-25',
        to: '2026-11-25',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(screen.getByTestId('audit-row')).toHaveTextContent('Sign-in failed');
    await waitFor(() => expect(auditCalls(requests).at(-1)?.url).toContain('&to='));
    const last = new URL(`http://x${auditCalls(requests).at(-1)?.url}`).searchParams;
    expect(last.get('person')).toBe(FINANCE_ID);
    expect(last.get('action')).toBe(failed.action);
    // The whole of the last day counts: `to` is the start of the next one.
    expect(new Date(last.get('from') ?? '').getTime()).toBe(new Date(2026, 10, 25).getTime());
    expect(new Date(last.get('to') ?? '').getTime()).toBe(new Date(2026, 10, 26).getTime());
  });

  it('reads the filters from the address and offers to clear them when nothing matches', async () => {
    seed();
    const { user, router } = openActivity('/settings/activity?action=refund.created');
    expect(
      await screen.findByRole('heading', { name: 'No activity matches these filters' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Action')).toHaveValue('refund.created');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(4);
  });

  it('opens an entry: all its fields, the change as before and after, the user agent and its hash', async () => {
    const { webhook } = seed();
    const { user } = openActivity();
    const [row] = await screen.findAllByTestId('audit-row');
    await user.click(row as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Webhook URL changed' });
    expect(dialog).toHaveTextContent('API key bzk_test_ab12…');
    expect(dialog).toHaveTextContent('3.8.1.2');
    expect(within(dialog).getByTestId('audit-user-agent')).toHaveTextContent('curl/8.5.0');
    expect(within(dialog).getByTestId('audit-hash')).toHaveTextContent(webhook.hash);
    const diff = within(dialog).getByTestId('audit-diff');
    expect(within(diff).getByText('https://old.example.com/hooks').closest('del')).not.toBeNull();
    expect(within(diff).getByText('https://shop.example.com/hooks').closest('ins')).not.toBeNull();
    expect(dialog).toHaveTextContent(`User id${USER_ID}`);
  });

  it('shows that a field changed from one value to another inside a recorded object', async () => {
    db.auditEvents = [
      buildAuditEvent({
        action: 'settings.changed',
        details: {
          before: { businessName: 'Okafor Foods', country: 'Nigeria' },
          after: { businessName: 'Okafor Foods Ltd', country: 'Nigeria' },
        },
      }),
    ];
    const { user } = openActivity();
    await user.click(await screen.findByTestId('audit-row'));
    const diff = within(await screen.findByRole('dialog')).getByTestId('audit-diff');
    expect(diff).toHaveTextContent('Business name');
    expect(diff).toHaveTextContent('Before: Okafor Foods');
    expect(diff).toHaveTextContent('After: Okafor Foods Ltd');
    expect(diff).not.toHaveTextContent('Country');
  });

  it('pages through the trail, the page in the address', async () => {
    db.auditEvents = Array.from({ length: 12 }, (_, index) =>
      buildAuditEvent({ occurredAt: new Date(Date.UTC(2026, 10, 1 + index)).toISOString() }),
    );
    const { user, router } = openActivity();
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(10);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Showing 1–10 of 12 entries');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
  });

  it('says when there is no activity yet', async () => {
    openActivity();
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
  });

  it('says when the trail cannot be loaded', async () => {
    server.use(http.get('/api/audit-events', () => apiError(500, 'Unable to fetch activity', 'INTERNAL')));
    openActivity();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch activity');
  });

  it('exports the filtered trail as a CSV download with the session token', async () => {
    seed();
    const { user, requests } = openActivity('/settings/activity?action=payout.created');
    await screen.findAllByTestId('audit-row');
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const exported = requests.find((request) => request.url.startsWith('/api/audit-events/export'));
    expect(exported?.url).toBe('/api/audit-events/export?action=payout.created');
    expect(exported?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('bizdash-activity.csv');
    click.mockRestore();
  });
});
