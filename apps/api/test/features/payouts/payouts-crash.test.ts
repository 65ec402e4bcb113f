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
const KEY_PAYOUTS = 60;
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
    // Up to two minutes: a busy CI machine starts the server (tsx, migrations) slowly, and a start given up on
    // early would keep running beside the next one.
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

  let token = '';
  /** A call as the dashboard (session) or a shop's server (API key) makes it; POSTs carry an Idempotency-Key. */
  const api = async <T>(
    method: string,
    url: string,
    body?: unknown,
    idempotencyKey: string = crypto.randomUUID(),
  ) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': idempotencyKey } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  /** Signs the demo merchant in; its Naira wallet and active GTBank account, and the wallet's balance now. */
  async function signInToNaira() {
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
    return { userId: session.userId, walletId: wallet.walletId, bankAccountId: account.recordId };
  }

  async function balanceOf(walletId: string) {
    const { body } = await api<WalletList>('GET', '/api/wallets');
    return body.wallets.find((candidate) => candidate.walletId === walletId)?.availableBalance ?? Number.NaN;
  }

  /**
   * These payouts once the rail job (every 2 s) has answered for all of them: up to two minutes, since a busy CI
   * machine is slow and the killed process's hold on the job must run out first.
   */
  async function settled(ids: Set<string>) {
    let payouts: Payout[] = [];
    for (let attempt = 0; attempt < 240; attempt++) {
      payouts = (await api<PayoutList>('GET', '/api/payouts')).body.payouts.filter((payout) =>
        ids.has(payout.id),
      );
      if (payouts.every((payout) => payout.status !== 'PROCESSING')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return payouts;
  }

  /** The burst: every request at once; the server is killed once `killAfter` of them have been answered. */
  async function burstUntilKilled<T>(
    requests: (() => Promise<{ ok: boolean; id: T }>)[],
    killAfter = KILL_AFTER_ACKNOWLEDGED,
  ) {
    const acknowledged = new Set<T>();
    await Promise.all(
      requests.map((send) =>
        send().then(
          ({ ok, id }) => {
            if (ok) acknowledged.add(id);
            if (acknowledged.size === killAfter) void killServer();
          },
          () => undefined, // the connection died with the server
        ),
      ),
    );
    await killServer();
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);
    expect(acknowledged.size).toBeLessThan(requests.length);
    return acknowledged;
  }

  async function expectLedgerVerified() {
    await killServer();
    const verified = await runScript('src/scripts/ledger-verify.ts', [], env);
    expect(verified.output).toContain('Ledger OK');
    expect(verified.code).toBe(0);
  }

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
      // A request the kill cut off holds its Idempotency-Key this long; the retries after the restart wait it out.
      IDEMPOTENCY_LEASE_SECONDS: '1',
    };
    // The demo merchant: KYC done, money in both wallets, settlement accounts past their hold.
    const seeded = await runScript('src/scripts/seed.ts', ['--email', EMAIL, '--transactions', '300'], env);
    if (seeded.code !== 0) throw new Error(seeded.output);
  }, 240_000);

  afterAll(async () => {
    await killServer();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged confirmation, doubles none, lets the rest be confirmed, and settles what was in transit', async () => {
    await startServer();
    const { walletId, bankAccountId } = await signInToNaira();
    const before = await balanceOf(walletId);

    // Thirty payouts waiting for their emailed codes (₦100.00, ₦101.00, ...: each its own amount).
    const waiting: { payout: Payout; code: string }[] = [];
    for (let index = 0; index < PAYOUTS; index++) {
      const created = await api<Payout>('POST', '/api/payouts', {
        walletId,
        bankAccountId,
        amount: 10_000 + index * 100,
      });
      expect(created.status).toBe(201);
      waiting.push({ payout: created.body, code: await mailedCode() });
    }

    const acknowledged = await burstUntilKilled(
      waiting.map(({ payout, code }) => async () => {
        const response = await api('POST', `/api/payouts/${payout.id}/confirm`, { code });
        return { ok: response.status === 200, id: payout.id };
      }),
    );

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

    const payouts = await settled(new Set(waiting.map(({ payout }) => payout.id)));
    expect(payouts).toHaveLength(PAYOUTS);
    for (const payout of payouts) expect(payout.status).toBe('SUCCESSFUL');
    expect(new Set(payouts.map((payout) => payout.transactionId)).size).toBe(PAYOUTS);
    const paidOut = payouts.reduce((sum, payout) => sum + payout.total, 0);
    expect(await balanceOf(walletId)).toBe(before - paidOut);
    await expectLedgerVerified();
  }, 300_000);

  it("answers a shop server's retries after the crash with the payouts it made, never a second one", async () => {
    await startServer();
    const { userId, walletId, bankAccountId } = await signInToNaira();
    const generated = await api<{ apiKey: string }>('PUT', '/api/users/update-api-details', {
      userId,
      generateNewKey: true,
    });
    expect(generated.status).toBe(200);
    token = generated.body.apiKey;
    const before = await balanceOf(walletId);

    // From a key a payout moves the money at once, fast: sixty, each with its own Idempotency-Key and amount, and
    // the kill after the fifth answer, so that some are still on their way when it lands.
    const requests = Array.from({ length: KEY_PAYOUTS }, (_, index) => ({
      key: `crash-payout-${index}-${crypto.randomUUID()}`,
      body: { walletId, bankAccountId, amount: 20_000 + index * 100 },
    }));
    const answered = new Map<string, string>();
    const acknowledged = await burstUntilKilled(
      requests.map(({ key, body }) => async () => {
        const response = await api<Payout>('POST', '/api/payouts', body, key);
        if (response.status === 201) answered.set(key, response.body.id);
        return { ok: response.status === 201, id: key };
      }),
      5,
    );

    // The server retries every request with its key: an answered one gets its payout back, and so does one the
    // crash cut off after its money moved (the payout keeps its key, even if the request store lost it).
    await startServer();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the dead requests' hold on their keys ends
    const ids = new Set<string>();
    for (const { key, body } of requests) {
      const retried = await api<Payout>('POST', '/api/payouts', body, key);
      expect(retried.status).toBe(201);
      if (acknowledged.has(key)) expect(retried.body.id).toBe(answered.get(key));
      ids.add(retried.body.id);
    }
    expect(ids.size).toBe(KEY_PAYOUTS);

    const payouts = await settled(ids);
    const ours = (await api<PayoutList>('GET', '/api/payouts')).body.payouts.filter((payout) =>
      requests.some(({ body }) => body.amount === payout.amount),
    );
    expect(ours).toHaveLength(KEY_PAYOUTS);
    for (const payout of payouts) expect(payout.status).toBe('SUCCESSFUL');
    const paidOut = payouts.reduce((sum, payout) => sum + payout.total, 0);
    expect(await balanceOf(walletId)).toBe(before - paidOut);
    await expectLedgerVerified();
  }, 300_000);
});
