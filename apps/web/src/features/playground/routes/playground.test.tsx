import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { actFor } from '@/lib/acting-profile';
import { db } from '@/testing/mocks/db';
import { seedApp } from '@/testing/mocks/handlers/apps';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { HISTORY_LIMIT, type HistoryEntry } from '../call-history';
import {
  DOCUMENT_BUILD_TIMEOUT,
  DOCUMENT_SERVER_URL,
  servedOpenApiDocument,
} from '../testing/served-openapi-document';

interface RawOperation {
  operationId: string;
  summary: string;
  tags: string[];
  requestBody?: { content: Record<string, { example?: Record<string, unknown> }> };
}
type RawDocument = { paths: Record<string, Record<string, RawOperation>> };

let document: RawDocument;

beforeAll(async () => {
  document = (await servedOpenApiDocument()) as RawDocument;
}, DOCUMENT_BUILD_TIMEOUT);

const operationsOf = (raw: RawDocument) =>
  Object.entries(raw.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), ...operation })),
  );

/** The playground as a signed-in merchant sees it, `width` px wide, with the API's real document served. */
function openPlayground(path = '/playground', { width = 1280 } = {}) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 800));
  server.use(http.get('/api/docs/json', () => HttpResponse.json(document)));
  const token = signIn();
  const requests = recordRequests();
  renderApp(path);
  return { token, requests, user: userEvent.setup() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;

const historyKey = () => `playgroundHistory:${db.user.recordId}`;

describe('/playground', () => {
  it('lists every operation of the served document, grouped by tag with its summary', async () => {
    openPlayground();
    const list = await screen.findByRole('navigation', { name: 'Operations' });
    const operations = operationsOf(document);
    expect(within(list).getAllByRole('link')).toHaveLength(operations.length);
    for (const operation of operations) {
      const group = within(list).getByRole('region', { name: operation.tags[0] });
      expect(within(group).getAllByText(operation.summary).length).toBeGreaterThan(0);
    }
  });

  it("draws an operation's form from its schema: required fields marked, enums as selects, the reference's example filled in", async () => {
    const { user } = openPlayground();
    const refunds = operationsOf(document).find((operation) => operation.operationId === 'postRefunds');
    const example = refunds?.requestBody?.content['application/json']?.example as {
      transactionId: string;
      reason: string;
      amount: number;
    };
    await user.click(
      await screen.findByRole('link', { name: /Refund part or all of a successful card payment/ }),
    );

    const form = await screen.findByRole('form', { name: 'Request' });
    expect(within(form).getByRole('textbox', { name: 'transactionId required' })).toHaveValue(
      example.transactionId,
    );
    const reason = within(form).getByRole('combobox', { name: 'reason required' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'requested_by_customer', 'duplicate', 'fraudulent', 'other']);
    expect(reason).toHaveValue(example.reason);
    expect(within(form).getByRole('spinbutton', { name: 'amount' })).toHaveValue(example.amount);
    expect(within(form).getByRole('checkbox', { name: /^restock/ })).not.toBeChecked();
    expect(inputValue(within(form).getByRole('textbox', { name: /^Idempotency-Key required/ }))).toMatch(
      UUID,
    );

    await user.clear(within(form).getByRole('textbox', { name: 'transactionId required' }));
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Required')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'transactionId required' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends GET /api/wallets with the session and shows the status, time, headers and body', async () => {
    const { token, requests, user } = openPlayground('/playground?operation=getWallets');
    await user.click(await screen.findByRole('button', { name: 'Send request' }));

    expect(await screen.findByTestId('response-status')).toHaveTextContent(/^200/);
    expect(screen.getByTestId('response-time')).toHaveTextContent(/^\d+ ms$/);
    const body = screen.getByTestId('response-body');
    for (const wallet of db.wallets) {
      expect(body).toHaveTextContent(`"walletId": "${wallet.walletId}"`);
      expect(body).toHaveTextContent(`"currency": "${wallet.currency}"`);
    }
    await user.click(screen.getByText(/^Response headers/));
    expect(screen.getByText('content-type')).toBeInTheDocument();
    const sent = requests.find((request) => request.url === '/api/wallets');
    expect(sent?.headers.get('Authorization')).toBe(`Bearer ${token}`);

    await user.click(screen.getByRole('button', { name: 'Copy response body' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual({ wallets: db.wallets });
  });

  it('acts for the app chosen in the shell: its id in the user_id header, sent and in the snippet', async () => {
    const app = seedApp({ businessName: 'Lagos Shop' });
    signIn();
    actFor({ appId: app.recordId, name: app.businessName });
    const { requests, user } = openPlayground('/playground?operation=getWallets');
    expect(await screen.findByText(/acting for/)).toHaveTextContent('acting for Lagos Shop');
    expect(await screen.findByRole('textbox', { name: 'user_id' })).toHaveValue(app.recordId);
    expect(screen.getByTestId('snippet')).toHaveTextContent(`-H 'user_id: ${app.recordId}'`);

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const body = await screen.findByTestId('response-body');
    for (const wallet of app.wallets) expect(body).toHaveTextContent(wallet.walletId);
    const sent = requests.find((request) => request.url === '/api/wallets');
    expect(sent?.headers.get('user_id')).toBe(app.recordId);
  });

  it("copies the call as curl, Node or Python with $BIZDASH_API_KEY and the document's server, never the session token", async () => {
    const { token, user } = openPlayground('/playground?operation=getWallets');
    const snippet = await screen.findByTestId('snippet');
    expect(snippet.textContent).toBe(
      `curl '${DOCUMENT_SERVER_URL}/api/wallets' \\\n  -H "Authorization: Bearer $BIZDASH_API_KEY"`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy curl snippet' }));
    expect(await navigator.clipboard.readText()).toBe(snippet.textContent);

    await user.click(screen.getByRole('button', { name: 'Node (fetch)' }));
    expect(screen.getByTestId('snippet')).toHaveTextContent(
      `Authorization: \`Bearer \${process.env.BIZDASH_API_KEY}\``,
    );
    await user.click(screen.getByRole('button', { name: 'Python (requests)' }));
    expect(screen.getByTestId('snippet')).toHaveTextContent(
      '"Authorization": "Bearer " + os.environ["BIZDASH_API_KEY"]',
    );
    expect(screen.getByTestId('snippet').textContent).toContain(
      `requests.get(\n    "${DOCUMENT_SERVER_URL}/api/wallets",`,
    );
    expect(window.document.body.textContent).not.toContain(token);
  });

  it('asks before a payout is sent and sends the Idempotency-Key shown, the same on a retry, a new one on New key', async () => {
    const { requests, user } = openPlayground('/playground?operation=postPayouts');
    const form = await screen.findByRole('form', { name: 'Request' });
    const keyField = within(form).getByRole('textbox', { name: /^Idempotency-Key required/ });
    const key = inputValue(keyField);
    expect(key).toMatch(UUID);
    const payoutCalls = () =>
      requests.filter((request) => request.url === '/api/payouts' && request.method === 'POST');

    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a request that moves money?' });
    expect(dialog).toHaveTextContent(key);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(payoutCalls()).toHaveLength(0);

    for (let attempt = 1; attempt <= 2; attempt++) {
      await user.click(within(form).getByRole('button', { name: 'Send request' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send it' }));
      await waitFor(() => expect(payoutCalls()).toHaveLength(attempt));
      await screen.findByTestId('response-status');
    }
    expect(payoutCalls().map((request) => request.headers.get('Idempotency-Key'))).toEqual([key, key]);

    await user.click(within(form).getByRole('button', { name: 'New key' }));
    expect(inputValue(keyField)).not.toBe(key);
    expect(inputValue(keyField)).toMatch(UUID);
  });

  it(`keeps the last ${HISTORY_LIMIT} calls in this browser without passwords or tokens, and replays one into its form`, async () => {
    const older: HistoryEntry[] = Array.from({ length: HISTORY_LIMIT }, (_, index) => ({
      id: `older-${index}`,
      at: '2026-11-20T09:00:00.000Z',
      operationId: 'getWallets',
      method: 'GET',
      path: '/api/wallets',
      status: 200,
      durationMs: 10,
      values: {},
    }));
    window.localStorage.setItem(historyKey(), JSON.stringify(older));
    const { token, user } = openPlayground('/playground?operation=postAuthSignin');
    const form = await screen.findByRole('form', { name: 'Request' });
    await user.type(within(form).getByRole('textbox', { name: 'email required' }), db.user.email);
    await user.type(within(form).getByRole('textbox', { name: 'password required' }), db.password);
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('response-status')).toHaveTextContent(/^200/);

    const recent = screen.getByRole('list', { name: 'Recent calls' });
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(HISTORY_LIMIT));
    expect(within(recent).getAllByRole('button')[0]).toHaveAccessibleName(
      'Replay POST /api/auth/signin (200)',
    );
    const stored = window.localStorage.getItem(historyKey()) ?? '';
    const entries = JSON.parse(stored) as HistoryEntry[];
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0]?.values).toEqual({ 'body:email': db.user.email });
    expect(stored).not.toContain(db.password);
    expect(stored).not.toContain(token);
    expect(stored).not.toMatch(/authorization|bearer/i);

    await user.click(screen.getByRole('link', { name: /Wallets \(accounts\)/ }));
    await user.click(within(recent).getAllByRole('button')[0] as HTMLElement);
    expect(await screen.findByRole('textbox', { name: 'email required' })).toHaveValue(db.user.email);
    expect(screen.getByRole('textbox', { name: 'password required' })).toHaveValue('');
  });

  it('at 390 px offers the operations in a select, grouped by tag', async () => {
    const { user } = openPlayground('/playground', { width: 390 });
    const select = await screen.findByRole('combobox', { name: 'Operation' });
    expect(screen.queryByRole('navigation', { name: 'Operations' })).not.toBeInTheDocument();
    expect(within(select).getAllByRole('option')).toHaveLength(operationsOf(document).length + 1);
    expect(
      within(select)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toContain('wallets');

    await user.selectOptions(select, 'getWallets');
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('response-status')).toHaveTextContent(/^200/);
  });

  it('says so when the API reference cannot be loaded, with a retry', async () => {
    openPlayground();
    server.use(
      http.get('/api/docs/json', () => apiError(503, 'Service unavailable', 'UNAVAILABLE'), { once: true }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('navigation', { name: 'Operations' })).toBeInTheDocument();
  });
});
