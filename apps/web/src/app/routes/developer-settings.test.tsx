import { type ApiKeyDetails, UserSchema } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { actFor } from '@/lib/acting-profile';
import { USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { seedApp } from '@/testing/mocks/handlers/apps';
import { buildDelivery, ROLLED_WEBHOOK_SECRET, WEBHOOK_SECRET } from '@/testing/mocks/handlers/developer';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const KEY = 'bzk_test_4Vf8QmZ0kR2pXc7LbN9sTq1WyE3uHd6GjA5oKi0MnBz';
const HOOK_URL = 'https://shop.example.com/webhooks/bizdash';

function withApiKey(changes: Partial<ApiKeyDetails>) {
  db.user = UserSchema.parse({ ...db.user, apiKey: { ...db.user.apiKey, ...changes } });
}

const withKey = () =>
  withApiKey({ apiKey: KEY, createdAt: '2026-11-20T09:30:00.000Z', lastUsedAt: '2026-11-25T10:02:00.000Z' });
const withWebhook = (changes: Partial<ApiKeyDetails> = {}) =>
  withApiKey({ webhookUrl: HOOK_URL, webhookSecret: WEBHOOK_SECRET, ...changes });

async function open() {
  signIn();
  const requests = recordRequests();
  const view = renderApp('/settings/developer-settings');
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'API key' });
  const puts = () => requests.filter((request) => request.method === 'PUT').map((request) => request.body);
  const posts = () => requests.filter((request) => request.method === 'POST');
  return { ...view, user, requests, puts, posts };
}

const keyField = () => screen.getByRole('textbox', { name: 'API key' });
const urlField = () => screen.getByRole('textbox', { name: 'Webhook URL' });
const secretField = () => screen.getByRole('textbox', { name: 'Signing secret' });

describe('Developer Settings: API key', () => {
  it('offers to generate the first key when there is none, without a confirmation', async () => {
    const { user, puts } = await open();
    expect(screen.getByRole('heading', { name: 'No API key yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate new key' }));
    expect(await screen.findByText('New key generated successfully')).toBeInTheDocument();
    expect(puts()).toEqual([{ userId: USER_ID, generateNewKey: true }]);
    expect((keyField() as HTMLInputElement).value).toMatch(/^bzk_test_•{8}\w{4}$/);
  });

  it('masks the key until shown, and hides it again', async () => {
    withKey();
    const { user } = await open();
    const toggle = screen.getByRole('button', { name: 'Show API key' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(keyField()).toHaveValue(`bzk_test_${'•'.repeat(8)}MnBz`);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(keyField()).toHaveValue(KEY);
    await user.click(toggle);
    expect(keyField()).not.toHaveValue(KEY);
    expect(screen.getByTestId('api-key-created')).toHaveTextContent('20 Nov 2026');
    expect(screen.getByTestId('api-key-last-used')).toHaveTextContent('25 Nov 2026');
  });

  it("copies the whole key, masked or not, and says 'Copied to clipboard'", async () => {
    withKey();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(KEY);
  });

  it("shows the clipboard's error when copying fails", async () => {
    withKey();
    const { user } = await open();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Write permission denied'));
    await user.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('Write permission denied')).toBeInTheDocument();
  });

  it('generates a new key after a confirmation that says until when the old one works', async () => {
    withKey();
    const { user, puts } = await open();
    await user.click(screen.getByRole('button', { name: 'Generate new key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate a new API key?' });
    expect(dialog).toHaveTextContent(/keeps working for 24 hours, until \d\d \w{3} \d{4}, \d\d:\d\d/);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate new key' })).toHaveFocus());
    expect(puts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Generate new key' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate new key' }),
    );
    expect(await screen.findByText('New key generated successfully')).toBeInTheDocument();
    expect(puts()).toEqual([{ userId: USER_ID, generateNewKey: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('previous-key-overlap')).toHaveTextContent(/previous key keeps working until/);
  });

  it('deletes the key after a destructive confirmation', async () => {
    withKey();
    const { user, puts } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('Api key deleted successfully')).toBeInTheDocument();
    expect(puts()).toEqual([{ userId: USER_ID, deleteKey: true }]);
    expect(await screen.findByRole('heading', { name: 'No API key yet' })).toBeInTheDocument();
  });

  it("says 'Unable to delete key' when the server gives no reason, and keeps the key", async () => {
    withKey();
    server.use(http.put('/api/users/update-api-details', () => new HttpResponse(null, { status: 500 })));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('Unable to delete key')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(db.user.apiKey.apiKey).toBe(KEY);
  });
});

describe('Developer Settings: webhook', () => {
  it("refuses an invalid URL with 'Invalid webhook URL' and sends nothing", async () => {
    const { user, puts } = await open();
    await user.type(urlField(), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invalid webhook URL')).toBeInTheDocument();
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);
  });

  it('submits nothing while the URL is empty', async () => {
    const { user, puts } = await open();
    const field = urlField();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.type(field, '   {Enter}');
    expect(puts()).toEqual([]);
    expect(screen.queryByText('Invalid webhook URL')).not.toBeInTheDocument();
  });

  it('saves the URL, shows the signing secret, and Cancel puts back the saved URL', async () => {
    const { user, puts } = await open();
    const field = urlField();
    await user.type(field, HOOK_URL);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Webhook updated successfully')).toBeInTheDocument();
    expect(puts()).toEqual([{ userId: USER_ID, webhookUrl: HOOK_URL }]);
    const secret = await screen.findByRole('textbox', { name: 'Signing secret' });
    expect((secret as HTMLInputElement).value).toMatch(/^whsec_•{8}ZLs=$/);

    await user.clear(field);
    await user.type(field, 'https://other.example.com/hooks');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field).toHaveValue(HOOK_URL);
    await user.click(screen.getByRole('button', { name: 'Copy webhook URL' }));
    expect(await navigator.clipboard.readText()).toBe(HOOK_URL);
  });

  it("says 'Unable to WebHook URL' when saving fails without a reason", async () => {
    server.use(http.put('/api/users/update-api-details', () => new HttpResponse(null, { status: 500 })));
    const { user } = await open();
    await user.type(urlField(), HOOK_URL);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Unable to WebHook URL')).toBeInTheDocument();
  });

  it("shows the server's reason for refusing a private address under the field", async () => {
    const reason =
      'Webhook URL points to a private address (localhost is 127.0.0.1). This server sends webhooks only to public addresses, so they cannot be aimed at its internal network; to deliver to a receiver on your own machine or network, run the server with ALLOW_PRIVATE_WEBHOOK_TARGETS=true.';
    server.use(
      http.put('/api/users/update-api-details', () =>
        HttpResponse.json({ error: reason, code: 'PRIVATE_WEBHOOK_TARGET' }, { status: 400 }),
      ),
    );
    const { user } = await open();
    await user.type(urlField(), 'http://localhost:4000/hooks');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(urlField()).toHaveAccessibleDescription(expect.stringContaining(reason)));
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('rolls the signing secret after a confirmation that both secrets sign during the overlap', async () => {
    withWebhook();
    const { user, posts } = await open();
    await user.click(screen.getByRole('button', { name: 'Show Signing secret' }));
    expect(secretField()).toHaveValue(WEBHOOK_SECRET);
    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll the signing secret?' });
    expect(dialog).toHaveTextContent('the old secret signs them too');
    expect(dialog).not.toHaveTextContent('stops signing now');
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret' }));
    expect(await screen.findByText('Signing secret rolled')).toBeInTheDocument();
    expect(secretField()).toHaveValue(ROLLED_WEBHOOK_SECRET);
    expect(screen.getByTestId('previous-secret-overlap')).toHaveTextContent(
      'The previous secret also signs until',
    );
    expect(posts().map((request) => request.url)).toEqual([`/api/users/${USER_ID}/webhooks/roll-secret`]);

    // Rolling again during the overlap: only one previous secret is kept, and the dialog says so.
    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    expect(await screen.findByRole('dialog', { name: 'Roll the signing secret?' })).toHaveTextContent(
      'The secret from before the last roll stops signing now: only one previous secret is kept.',
    );
  });

  it('sends a test event of the chosen type and shows it in the log', async () => {
    withWebhook();
    const { user, posts } = await open();
    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Test event'), 'payout.failed');
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
    expect(posts().map((request) => request.body)).toEqual([{ type: 'payout.failed' }]);
    const row = await screen.findByTestId('delivery-row');
    expect(within(row).getByTestId('delivery-event')).toHaveTextContent('payout.failed');
    expect(within(row).getByText('Test')).toBeInTheDocument();
  });

  it('says why a disabled endpoint stopped and that saving the URL again turns it back on', async () => {
    withWebhook({ webhookDisabledReason: 'It answered 410 Gone.' });
    const { user, puts } = await open();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('It answered 410 Gone.');
    expect(alert).toHaveTextContent('Save the URL again to turn it back on');
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Webhook updated successfully')).toBeInTheDocument();
    expect(puts()).toEqual([{ userId: USER_ID, webhookUrl: HOOK_URL }]);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeEnabled();
  });
});

describe('Developer Settings: delivery log', () => {
  const longBody = `<html><body>${'Internal Server Error '.repeat(10)}</body></html>`;

  it('lists deliveries with status, attempts and the answer, expands a long answer and resends one', async () => {
    withWebhook();
    const failed = buildDelivery({
      eventType: 'payment.failed',
      status: 'failed',
      attempts: 3,
      lastResponseCode: 500,
      lastResponseBody: longBody,
    });
    const retrying = buildDelivery({
      eventType: 'payout.created',
      status: 'pending',
      attempts: 2,
      nextAttemptAt: '2099-01-01T10:00:00.000Z',
      lastResponseCode: null,
      lastResponseBody: null,
      lastError: 'Timed out after 15 s',
    });
    db.webhookDeliveries = [failed, buildDelivery(), retrying];
    const { user, posts } = await open();
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(third).getByTestId('delivery-status')).toHaveTextContent('Retrying');
    expect(third).toHaveTextContent('Next try 01 Jan 2099');
    expect(within(third).getByTestId('delivery-response-code')).toHaveTextContent('No answer');
    expect(within(third).getByTestId('delivery-response-body')).toHaveTextContent('Timed out after 15 s');
    expect(within(first).getByTestId('delivery-event')).toHaveTextContent('payment.failed');
    expect(within(first).getByTestId('delivery-status')).toHaveTextContent('Failed');
    expect(within(first).getByTestId('delivery-response-code')).toHaveTextContent('HTTP 500');
    expect(within(second).getByTestId('delivery-status')).toHaveTextContent('Succeeded');
    expect(within(second).getByTestId('delivery-response-body')).toHaveTextContent('ok');

    await user.click(within(first).getByText(/^<html><body>Internal/, { selector: 'summary span' }));
    expect(within(first).getByTestId('delivery-response-body')).toBeVisible();

    await user.click(within(first).getByRole('button', { name: /^Resend payment.failed/ }));
    expect(await screen.findByText('Delivery sent again')).toBeInTheDocument();
    expect(posts().map((request) => request.url)).toEqual([
      `/api/users/${USER_ID}/webhook-deliveries/${failed.id}/resend`,
    ]);
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('delivery-row')[0] as HTMLElement).getByTestId('delivery-status'),
      ).toHaveTextContent('Succeeded'),
    );
  });

  it("opens a delivery's attempts, newest first: when, how long, and each answer", async () => {
    withWebhook();
    const delivery = buildDelivery({ eventType: 'payout.failed', attempts: 2 });
    db.webhookDeliveries = [
      delivery,
      buildDelivery({ status: 'pending', attempts: 0, lastResponseCode: null }),
    ];
    db.deliveryAttempts[delivery.id] = [
      {
        attempt: 2,
        attemptedAt: '2026-11-25T10:15:06.000Z',
        durationMs: 85,
        responseCode: 200,
        responseBody: 'ok',
        error: null,
      },
      {
        attempt: 1,
        attemptedAt: '2026-11-25T10:15:00.000Z',
        durationMs: 15_000,
        responseCode: null,
        responseBody: null,
        error: 'Timed out after 15000 ms',
      },
    ];
    const { user } = await open();
    const [sent, notSent] = (await screen.findAllByTestId('delivery-row')) as [HTMLElement, HTMLElement];
    expect(within(notSent).queryByRole('button', { name: /attempts? of/ })).not.toBeInTheDocument();

    await user.click(within(sent).getByRole('button', { name: /^2 attempts of payout.failed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery attempts' });
    expect(dialog).toHaveTextContent(`payout.failed · ${delivery.id}`);
    const attempts = await within(dialog).findAllByTestId('delivery-attempt');
    expect(attempts.map((attempt) => attempt.textContent)).toEqual([
      expect.stringMatching(/^Attempt 2.*85 ms.*HTTP 200.*ok$/),
      expect.stringMatching(/^Attempt 1.*15\.0 s.*No answer.*Timed out after 15000 ms$/),
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: /^2 attempts of payout.failed/ })).toHaveFocus();
  });

  it('shows the deliveries of one status when it is chosen, and says when there are none', async () => {
    withWebhook();
    const failed = buildDelivery({ eventType: 'payment.failed', status: 'failed', lastResponseCode: 500 });
    db.webhookDeliveries = [buildDelivery(), failed, buildDelivery({ eventType: 'payout.created' })];
    const { user, requests } = await open();
    expect(await screen.findAllByTestId('delivery-row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(1));
    expect(screen.getByTestId('delivery-row')).toHaveAttribute('data-delivery-id', failed.id);
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(requests.map((request) => request.url)).toContain(
      `/api/users/${USER_ID}/webhook-deliveries?page=1&size=10&status=failed`,
    );

    await user.click(screen.getByRole('button', { name: 'Pending' }));
    expect(await screen.findByRole('heading', { name: 'No pending deliveries' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(3));
  });

  it('pages through the log', async () => {
    withWebhook();
    db.webhookDeliveries = Array.from({ length: 12 }, (_, index) =>
      buildDelivery({ eventType: index === 11 ? 'payout.created' : 'payment.succeeded' }),
    );
    const { user } = await open();
    expect(await screen.findAllByTestId('delivery-row')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(2));
    expect(screen.getAllByTestId('delivery-event').at(-1)).toHaveTextContent('payout.created');
  });

  it('says when the log cannot be loaded, and retries', async () => {
    server.use(
      http.get('/api/users/:userId/webhook-deliveries', () => new HttpResponse(null, { status: 503 }), {
        once: true,
      }),
    );
    const { user } = await open();
    expect(await screen.findByText('Unable to fetch webhook deliveries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeInTheDocument();
  });
});

describe('Developer Settings while acting for an app', () => {
  it("shows the app's key and webhook, not the merchant's", async () => {
    signIn();
    const app = seedApp();
    actFor({ appId: app.recordId, name: app.businessName });
    const requests = recordRequests();
    renderApp('/settings/developer-settings');
    await screen.findByRole('heading', { name: 'API key' });
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.url === `/api/users/${app.recordId}/webhook-deliveries?page=1&size=10`,
        ),
      ).toBe(true),
    );
    expect(requests.some((request) => request.url === `/api/users/${app.recordId}`)).toBe(true);
  });
});
