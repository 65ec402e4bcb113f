import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { identityConfig, kycStatus, postCallback, startKyc, testSigner } from './kyc-fixtures.ts';

describe('POST /api/kyc/callback', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let verificationId: string;

  const body = (status: string, reason: string | null = null, customerId = merchant.userId) => ({
    event: 'verification.updated',
    verificationId,
    customerId,
    status,
    reason,
  });
  const events = () =>
    countRows(ctx.app, sql`select count(*) as n from outbox_events where user_id = ${merchant.userId}`);

  /** Refused with 400 (or 409), and neither the user, the verification nor the events moved. */
  async function expectRefused(callback: { headers: Record<string, string>; body: string }, status = 400) {
    const before = { kyc: await kycStatus(ctx.app, merchant), events: await events() };
    const response = await postCallback(ctx.app, callback);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).not.toMatch(/stack|at \w+ \(/i);
    expect({ kyc: await kycStatus(ctx.app, merchant), events: await events() }).toEqual(before);
    return response.json() as { error: string; code: string };
  }

  beforeAll(async () => {
    ctx = await buildTestApp(identityConfig);
    merchant = await signUpMerchant(ctx.app);
    await startKyc(ctx.app, merchant);
    const [row] = await sqlRows<{ id: string }>(
      ctx.app,
      sql`select id from identity_verifications where user_id = ${merchant.userId}`,
    );
    verificationId = row?.id ?? '';
  });
  afterAll(() => ctx.close());

  it('refuses a callback signed with another secret', async () => {
    const forged = callbackSigner('not-the-secret-but-long-enough-to-pass-0000').sign(body('APPROVED'));
    expect((await expectRefused(forged)).error).toBe('The callback signature is not valid.');
  });

  it('refuses a body changed after signing', async () => {
    const signed = testSigner.sign(body('REJECTED', 'Expired'));
    const tampered = { ...signed, body: JSON.stringify(body('APPROVED')) };
    expect((await expectRefused(tampered)).code).toBe('CALLBACK_REFUSED');
  });

  it('refuses a callback whose timestamp is outside the 5-minute window', async () => {
    const stale = testSigner.sign(body('APPROVED'), undefined, new Date(Date.now() - 10 * 60_000));
    expect((await expectRefused(stale)).error).toBe('The callback timestamp is outside the allowed window.');
    const future = testSigner.sign(body('APPROVED'), undefined, new Date(Date.now() + 10 * 60_000));
    await expectRefused(future);
  });

  it('refuses a callback without its signature headers', async () => {
    const signed = testSigner.sign(body('APPROVED'));
    const { 'webhook-signature': _dropped, ...headers } = signed.headers;
    await expectRefused({ headers: headers as Record<string, string>, body: signed.body });
  });

  it('refuses signed bodies that are not verification updates', async () => {
    await expectRefused(testSigner.sign({ ...body('APPROVED'), status: 'ACTIVE' }));
    await expectRefused(testSigner.sign({ hello: 'world' }));
    await expectRefused(testSigner.sign(body('APPROVED', null, '00000000-0000-4000-8000-000000000000')));
    const other = await signUpMerchant(ctx.app);
    await expectRefused(testSigner.sign(body('APPROVED', null, other.userId)));
    expect((await kycStatus(ctx.app, other)).status).toBe('PENDING_KYC');
  });

  it('applies a valid callback once; the same callback again is refused and changes nothing', async () => {
    const rejected = testSigner.sign(body('REJECTED', 'This ID has expired.'));
    const first = await postCallback(ctx.app, rejected);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    expect(await kycStatus(ctx.app, merchant)).toMatchObject({
      status: 'KYC_FAILED',
      reason: 'This ID has expired.',
    });

    expect((await expectRefused(rejected, 409)).code).toBe('CALLBACK_REPLAYED');
    // A decided verification stays decided: a later answer for it is acknowledged, not applied.
    const late = await postCallback(ctx.app, testSigner.sign(body('APPROVED')));
    expect(late.json()).toEqual({ received: true, applied: false });
    expect((await kycStatus(ctx.app, merchant)).status).toBe('KYC_FAILED');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/kyc/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect([400, 415]).toContain(response.statusCode);
    const user = await ctx.app.inject({
      url: `/api/users/${merchant.userId}`,
      headers: bearer(merchant.token),
    });
    expect(user.json().status).toBe('KYC_FAILED');
  });
});
