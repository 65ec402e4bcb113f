import { randomUUID } from 'node:crypto';
import { BANK_ACCOUNT_DUPLICATE } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BANK_LINK_INVALID_CREDENTIALS } from '../../../src/providers/bank-link/sandbox-bank-link-data.ts';
import { callbackSigner } from '../../../src/providers/identity/signed-callback.ts';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import {
  bankLinkConfig,
  GOOD_SIGN_IN,
  listAccounts,
  startBankLink,
  submitBankLink,
  testSigner,
} from './bank-fixtures.ts';

let ctx: TestContext;
let merchant: Merchant;
let other: Merchant;

beforeAll(async () => {
  ctx = await buildTestApp(bankLinkConfig);
  merchant = await signUpMerchant(ctx.app, { businessName: `Adaeze Fabrics ${randomUUID().slice(0, 6)}` });
  other = await signUpMerchant(ctx.app);
});
afterAll(() => ctx.close());

const accountsOf = (userId: string) =>
  countRows(ctx.app, sql`select count(*) as n from bank_accounts where user_id = ${userId}`);

describe('POST /api/users/plaid/link', () => {
  it("answers a hosted link to the sandbox bank's page, which sends the merchant back to the settlement screen", async () => {
    const { hostedLinkUrl, sessionId } = await startBankLink(ctx.app, merchant);
    const url = new URL(hostedLinkUrl);
    expect(url.pathname).toBe('/bank-link/sandbox');
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    const session = await ctx.app.inject({ url: `/api/sandbox/bank-link/sessions/${sessionId}` });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({
      sessionId,
      status: 'OPEN',
      reason: null,
      completionRedirectUrl: `${url.origin}/settings/settlement-account`,
    });
    expect(session.json().institutions).toContainEqual({ id: 'ins_109508', name: 'First Platypus Bank' });
    expect(session.json().testCredentials).toContainEqual(
      expect.objectContaining({ username: 'user_good', password: 'pass_good' }),
    );
  });

  it("answers 404 for another merchant's user, 400 without one, 401 without a session", async () => {
    const post = (payload: object, headers: Record<string, string> = bearer(merchant.token)) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/plaid/link', headers, payload });
    const theirs = await post({ userRecordId: other.userId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'User not found', code: 'NOT_FOUND' });
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('User ID is required');
    expect((await post({ userRecordId: merchant.userId }, {})).statusCode).toBe(401);
  });
});

describe('the sandbox hosted bank link', () => {
  it('refuses the documented bad sign-in (user_bad), adds nothing and stays open for another try', async () => {
    const { sessionId } = await startBankLink(ctx.app, merchant);
    const before = await accountsOf(merchant.userId);
    const response = await submitBankLink(ctx.app, sessionId, { ...GOOD_SIGN_IN, username: 'user_bad' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: SANDBOX_BANK_LINK_INVALID_CREDENTIALS,
      code: 'BANK_LOGIN_INVALID',
    });
    const wrongPassword = await submitBankLink(ctx.app, sessionId, { ...GOOD_SIGN_IN, password: 'nope' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(await accountsOf(merchant.userId)).toBe(before);
    const session = await ctx.app.inject({ url: `/api/sandbox/bank-link/sessions/${sessionId}` });
    expect(session.json().status).toBe('OPEN');
  });

  it('links the picked account with user_good: the USD account is added, its numbers sealed', async () => {
    const { sessionId } = await startBankLink(ctx.app, merchant);
    const response = await submitBankLink(ctx.app, sessionId, GOOD_SIGN_IN);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'COMPLETED', reason: null });

    const [account] = (await listAccounts(ctx.app, merchant)) as unknown as Record<string, unknown>[];
    const profile = await ctx.app.inject({
      url: `/api/users/${merchant.userId}`,
      headers: bearer(merchant.token),
    });
    expect(account).toMatchObject({
      bankName: 'First Platypus Bank',
      accountHolderName: profile.json().businessName,
      accountNumberMasked: '****0000',
      status: 'ACTIVE',
      currencyCode: 'USD',
      accountType: 'checking',
    });

    const [row] = await sqlRows<Record<string, string | null>>(
      ctx.app,
      sql`select * from bank_accounts where id = ${account?.recordId as string}`,
    );
    if (!row) throw new Error('no row');
    const context = `bank-account:${row.id}`;
    const accountNumber = ctx.app.deps.secretBox.open(String(row.account_number_sealed), context);
    expect(accountNumber).toMatch(/^\d{17}$/);
    expect(ctx.app.deps.secretBox.open(String(row.routing_number_sealed), context)).toBe('011401533');
    expect(JSON.stringify(row)).not.toContain(accountNumber);
    expect(JSON.stringify(row)).not.toContain('011401533');
    expect(row.source).toBe('bank_link:sandbox');
    expect(row.bank_code).toBeNull();

    const [link] = await sqlRows<{ status: string; bank_account_id: string }>(
      ctx.app,
      sql`select status, bank_account_id from bank_links where provider_reference = ${sessionId}`,
    );
    expect(link).toEqual({ status: 'COMPLETED', bank_account_id: row.id });

    const again = await submitBankLink(ctx.app, sessionId, { ...GOOD_SIGN_IN, accountType: 'savings' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LINK_ALREADY_USED');
  });

  it("says so on the page when the account is already one of the merchant's, adding nothing", async () => {
    const { sessionId } = await startBankLink(ctx.app, merchant);
    const before = await accountsOf(merchant.userId);
    const response = await submitBankLink(ctx.app, sessionId, GOOD_SIGN_IN);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'FAILED', reason: BANK_ACCOUNT_DUPLICATE });
    expect(await accountsOf(merchant.userId)).toBe(before);
  });

  it('answers 404 for a session that does not exist', async () => {
    const id = randomUUID();
    expect((await ctx.app.inject({ url: `/api/sandbox/bank-link/sessions/${id}` })).statusCode).toBe(404);
    expect((await submitBankLink(ctx.app, id, GOOD_SIGN_IN)).statusCode).toBe(404);
  });
});

describe('POST /api/bank/link/callback', () => {
  /** A link whose sandbox page was completed without telling the app yet: the callback is the test's to send. */
  async function completedOffline(publicToken: string, accountType = 'savings') {
    const { sessionId } = await startBankLink(ctx.app, other);
    await sqlRows(
      ctx.app,
      sql`update sandbox_bank_link_sessions set status = 'COMPLETED', institution_id = 'ins_109511',
            account_type = ${accountType}, public_token = ${publicToken} where id = ${sessionId} returning id`,
    );
    return { sessionId, body: { event: 'link.completed', linkSessionId: sessionId, publicToken } };
  }
  const post = (callback: { headers: Record<string, string>; body: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/bank/link/callback',
      headers: callback.headers,
      payload: callback.body,
    });

  /** Refused with the status, nothing added. */
  async function expectRefused(callback: { headers: Record<string, string>; body: string }, status: number) {
    const before = await accountsOf(other.userId);
    const response = await post(callback);
    expect(response.statusCode, response.body).toBe(status);
    expect(await accountsOf(other.userId)).toBe(before);
    return response.json() as { error: string; code: string };
  }

  it('refuses a callback signed with another secret, or changed after signing', async () => {
    const { body } = await completedOffline(`tok-${randomUUID()}`);
    const forged = callbackSigner('not-the-secret-but-long-enough-to-pass-0000').sign(body);
    expect(await expectRefused(forged, 400)).toEqual({
      error: 'The callback signature is not valid.',
      code: 'CALLBACK_REFUSED',
    });
    const signed = testSigner.sign(body);
    const tampered = { ...signed, body: JSON.stringify({ ...body, publicToken: 'tok-other' }) };
    expect((await expectRefused(tampered, 400)).code).toBe('CALLBACK_REFUSED');
    const stale = testSigner.sign(body, undefined, new Date(Date.now() - 10 * 60_000));
    expect((await expectRefused(stale, 400)).error).toBe(
      'The callback timestamp is outside the allowed window.',
    );
  });

  it('applies a callback once: its replay is refused and adds nothing', async () => {
    const { body, sessionId } = await completedOffline(`tok-${randomUUID()}`);
    const callback = testSigner.sign(body);
    const before = await accountsOf(other.userId);
    const first = await post(callback);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    expect(await accountsOf(other.userId)).toBe(before + 1);

    expect(await expectRefused(callback, 409)).toEqual({
      error: 'This callback was already received.',
      code: 'CALLBACK_REPLAYED',
    });
    // Re-sent under a new id (as a provider's retry would be): the link is used up.
    expect((await expectRefused(testSigner.sign(body), 409)).code).toBe('LINK_NOT_OPEN');
    const [link] = await sqlRows<{ status: string }>(
      ctx.app,
      sql`select status from bank_links where provider_reference = ${sessionId}`,
    );
    expect(link?.status).toBe('COMPLETED');
  });

  it('refuses a callback for an expired link, an unknown link, or a token the provider does not know', async () => {
    const expired = await completedOffline(`tok-${randomUUID()}`, 'checking');
    await sqlRows(
      ctx.app,
      sql`update bank_links set expires_at = now() - interval '1 minute' where provider_reference = ${expired.sessionId} returning id`,
    );
    expect((await expectRefused(testSigner.sign(expired.body), 409)).code).toBe('LINK_NOT_OPEN');

    const unknown = { event: 'link.completed', linkSessionId: randomUUID(), publicToken: 'tok-x' };
    expect((await expectRefused(testSigner.sign(unknown), 400)).code).toBe('UNKNOWN_LINK');

    const { body } = await completedOffline(`tok-${randomUUID()}`, 'checking');
    expect(
      (await expectRefused(testSigner.sign({ ...body, publicToken: 'tok-never-issued' }), 400)).error,
    ).toBe('The public token is not valid or was already exchanged.');
  });

  it('refuses signed bodies that are not link updates', async () => {
    await expectRefused(testSigner.sign({ hello: 'world' }), 400);
    await expectRefused({ headers: { 'content-type': 'application/json' }, body: '{}' }, 400);
  });
});
