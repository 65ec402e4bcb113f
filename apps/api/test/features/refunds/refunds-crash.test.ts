import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Refund, RefundPage, TransactionPage, WalletList } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, merchantInput, TEST_JWT_SECRET } from '../../helper.ts';
import { startBody } from '../checkout/checkout-fixtures.ts';

/*
 * The server as it runs in production, in a process of its own, killed with SIGKILL in the middle of a burst of
 * refunds and started again on the same database: every acknowledged refund is there once, the retries with the
 * same keys get the same refunds back, no payment is refunded beyond what it took, the refunds in transit settle,
 * and the ledger verifies. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite in a data directory.
 */
const API_ROOT = path.resolve(import.meta.dirname, '../../..');
const PAYMENTS = 15;
const KILL_AFTER_ACKNOWLEDGED = 6;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function runScript(script: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: API_ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('refunds when the server is killed mid-burst', () => {
  let env: NodeJS.ProcessEnv;
  let base: string;
  let server: ChildProcess | undefined;
  let dataDir: string;
  let dropDatabase: () => Promise<void>;
  let token = '';

  async function startServer() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk) => (errors += chunk));
    server = child;
    for (let attempt = 0; attempt < 1200; attempt++) {
      if (hasExited(child)) throw new Error(`the server exited: ${errors}`);
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`the server did not start: ${errors}`);
  }

  async function killServer() {
    const child = server;
    if (!child || hasExited(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  const api = async <T>(
    method: string,
    url: string,
    body?: unknown,
    idempotencyKey: string = crypto.randomUUID(),
  ) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': idempotencyKey } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-refund-crash-'));
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const {
      TEST_DATABASE_URL: _server,
      TEST_REDIS_URL: _redis,
      DATABASE_URL: _own,
      ...inherited
    } = process.env;
    env = {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'error',
      RATE_LIMIT_IP_PER_MINUTE: '10000',
      RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '10000',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '10000',
      IDEMPOTENCY_LEASE_SECONDS: '1',
      SANDBOX_REFUND_SECONDS: '0',
    };
  }, 60_000);

  afterAll(async () => {
    await killServer();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged refund once, answers retries with the same refunds, and settles them', async () => {
    await startServer();
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
            if (acknowledged.size === KILL_AFTER_ACKNOWLEDGED) void killServer();
          },
          () => undefined, // the connection died with the server
        ),
      ),
    );
    await killServer();
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(acknowledged.size).toBeLessThan(requests.length);

    await startServer();
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

    await killServer();
    const verified = await runScript('src/scripts/ledger-verify.ts', env);
    expect(verified.output).toContain('Ledger OK');
    expect(verified.code).toBe(0);
  }, 300_000);
});
