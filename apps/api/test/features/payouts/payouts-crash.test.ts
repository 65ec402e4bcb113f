import type { Payout, PayoutList, User, WalletList } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerProcess, type ServerProcess, serverCaller } from '../../server-process.ts';

/*
 * The server as it runs in production, in a process of its own, killed with SIGKILL in the middle of a burst of
 * payout confirmations and started again on the same database: what it acknowledged must be there, nothing twice,
 * and the money in transit must settle. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite in a data
 * directory (what `npm start` runs on).
 */
const MAILBOX_KEY = 'crash-test-mailbox-key-0123456789abcdef';
const EMAIL = 'crash@bizdash.local';
const PASSWORD = 'Demo!Bizdash2026';
const PAYOUTS = 30;
const KEY_PAYOUTS = 60;
const KILL_AFTER_ACKNOWLEDGED = 8;

describe('payouts when the server is killed mid-burst', () => {
  let server: ServerProcess;
  let api: ReturnType<typeof serverCaller>;
  let token = '';

  /** Signs the demo merchant in; its Naira wallet and active GTBank account, and the wallet's balance now. */
  async function signInToNaira() {
    const signIn = await fetch(`${server.base}/api/auth/signin`, {
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
            if (acknowledged.size === killAfter) void server.kill();
          },
          () => undefined, // the connection died with the server
        ),
      ),
    );
    await server.kill();
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);
    expect(acknowledged.size).toBeLessThan(requests.length);
    return acknowledged;
  }

  async function expectLedgerVerified() {
    await server.kill();
    const verified = await server.runScript('src/scripts/ledger-verify.ts');
    expect(verified.output).toContain('Ledger OK');
    expect(verified.code).toBe(0);
  }

  /**
   * The code in the newest payout email (newest first; the seeded merchant's other mail, such as its dispute's
   * notice sent by the jobs after the start, may come in between).
   */
  const mailedCode = async () => {
    const mail = await fetch(`${server.base}/api/sandbox/mailbox?email=${EMAIL}`, {
      headers: { 'x-sandbox-key': MAILBOX_KEY },
    }).then((response) => response.json() as Promise<{ messages: { subject: string }[] }>);
    const codes = mail.messages.map((message) => message.subject.match(/^(\d{6}) confirms/)?.[1]);
    const code = codes.find((found) => found !== undefined);
    if (!code) throw new Error('no code mailed');
    return code;
  };

  beforeAll(async () => {
    server = await prepareServerProcess({ SANDBOX_MAILBOX_KEY: MAILBOX_KEY });
    api = serverCaller(server.base, () => token);
    // The demo merchant: KYC done, money in both wallets, settlement accounts past their hold.
    const seeded = await server.runScript('src/scripts/seed.ts', ['--email', EMAIL, '--transactions', '300']);
    if (seeded.code !== 0) throw new Error(seeded.output);
  }, 240_000);

  afterAll(() => server?.close());

  it('keeps every acknowledged confirmation, doubles none, lets the rest be confirmed, and settles what was in transit', async () => {
    await server.start();
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

    await server.start();
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
    await server.start();
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
    await server.start();
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
