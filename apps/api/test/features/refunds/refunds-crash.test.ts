import type { Refund, RefundPage, TransactionPage, WalletList } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantInput } from '../../helper.ts';
import { prepareServerProcess, type ServerProcess, serverCaller } from '../../server-process.ts';
import { startBody } from '../checkout/checkout-fixtures.ts';

/*
 * The server as it runs in production, in a process of its own, killed with SIGKILL in the middle of a burst of
 * refunds and started again on the same database: every acknowledged refund is there once, the retries with the
 * same keys get the same refunds back, no payment is refunded beyond what it took, the refunds in transit settle,
 * and the ledger verifies. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite in a data directory.
 */
const PAYMENTS = 15;
const KILL_AFTER_ACKNOWLEDGED = 6;

describe('refunds when the server is killed mid-burst', () => {
  let server: ServerProcess;
  let api: ReturnType<typeof serverCaller>;
  let token = '';

  beforeAll(async () => {
    server = await prepareServerProcess({ SANDBOX_REFUND_SECONDS: '0' });
    api = serverCaller(server.base, () => token);
  }, 60_000);

  afterAll(() => server?.close());

  it('keeps every acknowledged refund once, answers retries with the same refunds, and settles them', async () => {
    await server.start();
    const signUp = await api<{ token: string; userId: string }>('POST', '/api/auth/signup', merchantInput());
    expect(signUp.status).toBe(201);
    token = signUp.body.token;
    const product = await api<{ recordId: string }>('POST', '/api/products', {
      productName: 'Ankara tote',
      description: 'Hand made',
      amount: 100_000,
      currency: 'NGN',
      quantityAvailable: 1_000,
    });
    expect(product.status).toBe(201);
    for (let index = 0; index < PAYMENTS; index++) {
      const paid = await api('POST', `/api/checkout/products/${product.body.recordId}/payments`, startBody());
      expect(paid.status).toBe(201);
    }
    const cards = await api<TransactionPage>('POST', '/api/transaction/search?page=1&size=100', {
      type: 'CREDIT',
      channel: 'CARD',
      status: 'SUCCESSFUL',
    });
    const payments = cards.body.items.map((item) => ({ id: item.id, total: item.transactionAmount }));
    expect(payments).toHaveLength(PAYMENTS);
    const wallets = await api<WalletList>('GET', '/api/wallets');
    const wallet = wallets.body.wallets.find((candidate) => candidate.currency === 'NGN');
    const before = wallet?.availableBalance ?? Number.NaN;

    // Two partial refunds of 40% each per payment (both fit, a third would not), each with its own key.
    const requests = payments.flatMap((payment, index) =>
      [0, 1].map((part) => ({
        key: `crash-refund-${index}-${part}-${crypto.randomUUID()}`,
        body: { transactionId: payment.id, amount: (payment.total * 2) / 5, reason: 'requested_by_customer' },
      })),
    );
    const answered = new Map<string, string>();
    const acknowledged = new Set<string>();
    await Promise.all(
      requests.map(({ key, body }) =>
        api<Refund>('POST', '/api/refunds', body, key).then(
          (response) => {
            if (response.status !== 201) return;
            answered.set(key, response.body.id);
            acknowledged.add(key);
            if (acknowledged.size === KILL_AFTER_ACKNOWLEDGED) void server.kill();
          },
          () => undefined, // the connection died with the server
        ),
      ),
    );
    await server.kill();
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(acknowledged.size).toBeLessThan(requests.length);

    await server.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the dead requests' hold on their keys ends
    const ids = new Set<string>();
    for (const { key, body } of requests) {
      const retried = await api<Refund>('POST', '/api/refunds', body, key);
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      if (acknowledged.has(key)) expect(retried.body.id).toBe(answered.get(key));
      ids.add(retried.body.id);
    }
    expect(ids.size).toBe(requests.length);

    let pending = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 240 && pending > 0; attempt++) {
      pending = (await api<RefundPage>('GET', '/api/refunds?status=PENDING')).body.totalElements;
      if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(pending).toBe(0);
    const all = await api<RefundPage>('GET', '/api/refunds?size=100');
    expect(all.body.totalElements).toBe(requests.length);
    for (const refund of all.body.items) expect(refund.status).toBe('SUCCEEDED');
    for (const payment of payments) {
      const refunded = all.body.items
        .filter((refund) => refund.paymentTransactionId === payment.id)
        .reduce((sum, refund) => sum + refund.amount, 0);
      expect(refunded).toBe((payment.total * 4) / 5);
    }
    const refundedTotal = all.body.items.reduce((sum, refund) => sum + refund.amount, 0);
    const after = (await api<WalletList>('GET', '/api/wallets')).body.wallets.find(
      (candidate) => candidate.currency === 'NGN',
    );
    expect(after?.availableBalance).toBe(before - refundedTotal);

    await server.kill();
    const verified = await server.runScript('src/scripts/ledger-verify.ts');
    expect(verified.output).toContain('Ledger OK');
    expect(verified.code).toBe(0);
  }, 300_000);
});
