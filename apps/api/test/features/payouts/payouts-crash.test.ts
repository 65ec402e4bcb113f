import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Payout, PayoutList, User, WalletList } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_JWT_SECRET } from '../../helper.ts';

/*
 * The server as it runs in production, in a process of its own, killed with SIGKILL in the middle of a burst of
 * payout confirmations and started again on the same database: what it acknowledged must be there, nothing twice,
 * and the money in transit must settle. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite in a data
 * directory (what `npm start` runs on).
 */
const API_ROOT = path.resolve(import.meta.dirname, '../../..');
const MAILBOX_KEY = 'crash-test-mailbox-key-0123456789abcdef';
const EMAIL = 'crash@bizdash.local';
const PASSWORD = 'Demo!Bizdash2026';
const PAYOUTS = 30;
const KILL_AFTER_ACKNOWLEDGED = 8;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Ended by itself (exitCode) or killed (signalCode: exitCode stays null then). */
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Runs a script of the API to its end; its output is returned for the failure message. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: API_ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('payouts when the server is killed mid-burst', () => {
  let env: NodeJS.ProcessEnv;
  let base: string;
  let server: ChildProcess | undefined;
  let dataDir: string;
  let dropDatabase: () => Promise<void>;

  async function startServer() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk) => (errors += chunk));
    server = child;
    for (let attempt = 0; attempt < 300; attempt++) {
      if (hasExited(child)) throw new Error(`the server exited: ${errors}`);
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not start: ${errors}`);
  }

  async function killServer() {
    const child = server;
    if (!child || hasExited(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  let token = '';
  const api = async <T>(method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  /** The code in the newest payout email. */
  const mailedCode = async () => {
    const mail = await fetch(`${base}/api/sandbox/mailbox?email=${EMAIL}`, {
      headers: { 'x-sandbox-key': MAILBOX_KEY },
    }).then((response) => response.json() as Promise<{ messages: { subject: string }[] }>);
    const code = mail.messages[0]?.subject.match(/^(\d{6}) confirms/)?.[1];
    if (!code) throw new Error('no code mailed');
    return code;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-crash-'));
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
      SANDBOX_MAILBOX_KEY: MAILBOX_KEY,
      LOG_LEVEL: 'error',
      RATE_LIMIT_IP_PER_MINUTE: '10000',
      RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '10000',
    };
    // The demo merchant: KYC done, money in both wallets, settlement accounts past their hold.
    const seeded = await runScript('src/scripts/seed.ts', ['--email', EMAIL, '--transactions', '300'], env);
    if (seeded.code !== 0) throw new Error(seeded.output);
  }, 120_000);

  afterAll(async () => {
    await killServer();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged payout, doubles none, lets the rest be confirmed, and settles what was in transit', async () => {
    await startServer();
    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const session = (await signIn.json()) as { token: string; userId: string };
    token = session.token;
    const { body: user } = await api<User>('GET', `/api/users/${session.userId}`);
    const wallet = user.wallets.find((candidate) => candidate.currency === 'NGN');
    const account = user.banks.find((bank) => bank.currencyCode === 'NGN' && bank.status === 'ACTIVE');
    if (!wallet || !account) throw new Error('the seed made no Naira wallet or account');
    const balanceNow = async () => {
      const { body } = await api<WalletList>('GET', '/api/wallets');
      return body.wallets.find((candidate) => candidate.walletId === wallet.walletId)?.availableBalance;
    };
    const before = await balanceNow();

    // Thirty payouts waiting for their emailed codes (₦100.00, ₦101.00, ...: each its own amount).
    const waiting: { payout: Payout; code: string }[] = [];
    for (let index = 0; index < PAYOUTS; index++) {
      const created = await api<Payout>('POST', '/api/payouts', {
        walletId: wallet.walletId,
        bankAccountId: account.recordId,
        amount: 10_000 + index * 100,
      });
      expect(created.status).toBe(201);
      waiting.push({ payout: created.body, code: await mailedCode() });
    }

    // All confirmed at once; the server dies once a few have been answered.
    const acknowledged = new Set<string>();
    const burst = waiting.map(({ payout, code }) =>
      api<Payout>('POST', `/api/payouts/${payout.id}/confirm`, { code }).then(
        (response) => {
          if (response.status === 200) acknowledged.add(payout.id);
          if (acknowledged.size === KILL_AFTER_ACKNOWLEDGED) void killServer();
        },
        () => undefined, // the connection died with the server
      ),
    );
    await Promise.all(burst);
    await killServer();
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(acknowledged.size).toBeLessThan(PAYOUTS);

    await startServer();
    for (const id of acknowledged) {
      const { body } = await api<Payout>('GET', `/api/payouts/${id}`);
      expect(['PROCESSING', 'SUCCESSFUL']).toContain(body.status);
      expect(body.transactionId).not.toBeNull();
    }
    // The merchant tries the unanswered ones again with the same code: those that went through before the crash
    // say so (409); a code used up by a request that never finished asks for a new one, which confirms.
    for (const { payout, code } of waiting.filter(({ payout }) => !acknowledged.has(payout.id))) {
      const retried = await api<{ code?: string }>('POST', `/api/payouts/${payout.id}/confirm`, { code });
      if (retried.status === 409) expect(retried.body.code).toBe('PAYOUT_NOT_PENDING');
      if (retried.status !== 400) {
        expect([200, 409]).toContain(retried.status);
        continue;
      }
      expect((await api('POST', `/api/payouts/${payout.id}/resend-code`)).status).toBe(200);
      const confirmed = await api('POST', `/api/payouts/${payout.id}/confirm`, { code: await mailedCode() });
      expect(confirmed.status).toBe(200);
    }

    // The rail job (every 2 s) settles whatever is in transit.
    let payouts: Payout[] = [];
    for (let attempt = 0; attempt < 60; attempt++) {
      payouts = (await api<PayoutList>('GET', '/api/payouts')).body.payouts.filter((payout) =>
        waiting.some((entry) => entry.payout.id === payout.id),
      );
      if (payouts.every((payout) => payout.status !== 'PROCESSING')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(payouts).toHaveLength(PAYOUTS);
    for (const payout of payouts) expect(payout.status).toBe('SUCCESSFUL');
    expect(new Set(payouts.map((payout) => payout.transactionId)).size).toBe(PAYOUTS);
    const paidOut = payouts.reduce((sum, payout) => sum + payout.total, 0);
    expect(await balanceNow()).toBe((before ?? 0) - paidOut);

    await killServer();
    const verified = await runScript('src/scripts/ledger-verify.ts', [], env);
    expect(verified.output).toContain('Ledger OK');
    expect(verified.code).toBe(0);
  }, 180_000);
});
