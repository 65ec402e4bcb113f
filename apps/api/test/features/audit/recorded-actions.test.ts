import { DEFAULT_NOTIFICATION_SETTINGS } from '@bizdash/shared';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  fundWallet,
  type Merchant,
  PASSWORD,
  signUpMerchant,
  useTestApp,
  walletIdsOf,
} from '../../helper.ts';
import { generateKey, updateApiDetails } from '../api-keys/api-key-fixtures.ts';
import { addNigeriaBank, GTB, GTB_ACCOUNT } from '../banks/bank-fixtures.ts';
import { convert, quote, sellNaira } from '../fx/fx-fixtures.ts';
import { emailedCode, readyMerchant } from '../payouts/payout-fixtures.ts';
import { type AuditRow, chainOf, USER_AGENT, verify } from './audit-fixtures.ts';

const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

describe('the audit trail records each security and money action', () => {
  const ctx = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  const call = (
    merchant: Merchant,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(merchant.token), 'user-agent': USER_AGENT, ...headers },
      ...(payload ? { payload } : {}),
    });

  /** The entries of the merchant's chain with this action, oldest first. */
  const entries = async (merchant: Merchant, action: string) =>
    (await chainOf(ctx.app, merchant.userId)).filter((row) => row.action === action);

  /** The one entry of `action`, made by the merchant's own person; the chain still verifies. */
  async function only(merchant: Merchant, action: string): Promise<AuditRow> {
    const found = await entries(merchant, action);
    expect(found, action).toHaveLength(1);
    const [entry] = found;
    if (!entry) throw new Error(action);
    expect(entry).toMatchObject({
      actor_person_id: merchant.userId,
      acting_user_id: merchant.userId,
      api_key_prefix: null,
      outcome: 'success',
    });
    expect((await verify(ctx.app)).ok).toBe(true);
    return entry;
  }

  it('records signing out of every other session', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await call(merchant, 'POST', `/api/users/${merchant.userId}/sign-out-everywhere`);
    expect(response.statusCode, response.body).toBe(200);
    const entry = await only(merchant, 'auth.signed_out_everywhere');
    expect(entry).toMatchObject({
      target_type: 'user',
      target_id: merchant.userId,
      ip: '127.0.0.1',
      user_agent: USER_AGENT,
    });
  });

  it('records a password reset by emailed link, never the password or the link', async () => {
    const merchant = await signUpMerchant(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: merchant.email },
    });
    const mail = await vi.waitFor(
      async () => {
        const [found] = await ctx.app.deps.email.mailbox(merchant.email, 1);
        if (!found?.subject.includes('Reset')) throw new Error('no reset email yet');
        return found;
      },
      { timeout: 5_000 },
    );
    const token = mail.text.match(/#token=([\w-]{43})/)?.[1] ?? '';
    const password = 'Res3t!Passw0rd';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'user-agent': USER_AGENT },
      payload: { token, password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const entry = await only(merchant, 'auth.password_reset');
    expect(entry.details).toEqual({ via: 'email_link' });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('records two-factor turned on, new recovery codes and two-factor turned off, never a code or secret', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const merchant = await signUpMerchant(ctx.app);
    const base = `/api/users/${merchant.userId}/two-factor`;
    const { secret } = (await call(merchant, 'POST', `${base}/setup`)).json() as { secret: string };
    const enabled = await call(merchant, 'POST', `${base}/enable`, { code: codeAt(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    vi.setSystemTime(Date.now() + 90_000);
    const regenerated = await call(merchant, 'POST', `${base}/recovery-codes`, { code: codeAt(secret) });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    vi.setSystemTime(Date.now() + 90_000);
    const disabled = await call(merchant, 'POST', `${base}/disable`, {
      password: PASSWORD,
      code: codeAt(secret),
    });
    expect(disabled.statusCode, disabled.body).toBe(200);

    const on = await only(merchant, 'two_factor.enabled');
    expect(on.details).toEqual({ method: 'authenticator_app', recoveryCodes: 10 });
    expect((await only(merchant, 'two_factor.recovery_codes_regenerated')).details).toEqual({
      recoveryCodes: 10,
    });
    await only(merchant, 'two_factor.disabled');
    const written = JSON.stringify(await chainOf(ctx.app, merchant.userId));
    expect(written).not.toContain(secret);
    for (const code of (regenerated.json() as { recoveryCodes: string[] }).recoveryCodes)
      expect(written).not.toContain(code);
  });

  it('records the webhook URL before and after, and a rolled secret without any secret', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const first = 'https://shop.example.com/hooks';
    const second = 'https://shop.example.com/v2/hooks';
    for (const webhookUrl of [first, second]) {
      const saved = await updateApiDetails(ctx.app, merchant, { webhookUrl });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const rolled = await call(merchant, 'POST', `/api/users/${merchant.userId}/webhooks/roll-secret`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const { webhookSecret } = rolled.json() as { webhookSecret: string };

    const changes = await entries(merchant, 'webhook.url_changed');
    expect(changes.map((entry) => entry.details)).toEqual([
      { userId: merchant.userId, before: null, after: first },
      { userId: merchant.userId, before: first, after: second },
    ]);
    const roll = await only(merchant, 'webhook.secret_rolled');
    expect(roll).toMatchObject({ target_type: 'webhook_endpoint', target_id: changes[0]?.target_id });
    expect(roll.details).toMatchObject({ userId: merchant.userId, url: second });
    expect(JSON.stringify(await chainOf(ctx.app, merchant.userId))).not.toContain('whsec_');
    expect(webhookSecret).toMatch(/^whsec_/);
  });

  it('records a settlement account added and removed by bank, last four digits and currency only', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    const added = await addNigeriaBank(ctx.app, merchant, {
      userWalletRecordId: wallets.NGN,
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
      accountType: 'savings',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { recordId } = added.json() as { recordId: string };
    const removed = await call(merchant, 'POST', `/api/bank/accounts/${recordId}/deactivate`);
    expect(removed.statusCode, removed.body).toBe(200);

    const expected = {
      userId: merchant.userId,
      bankName: 'Guaranty Trust Bank',
      accountNumberLast4: GTB_ACCOUNT.slice(-4),
      currency: 'NGN',
      accountType: 'savings',
    };
    const addedEntry = await only(merchant, 'settlement_account.added');
    expect(addedEntry).toMatchObject({ target_type: 'bank_account', target_id: recordId });
    expect(addedEntry.details).toEqual({ ...expected, source: 'bank_form' });
    expect((await only(merchant, 'settlement_account.removed')).details).toEqual(expected);
    expect(JSON.stringify(await chainOf(ctx.app, merchant.userId))).not.toContain(GTB_ACCOUNT);
  });

  it('records a payout created and confirmed with its amount, fee, currency, wallet and bank', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const started = await call(
      merchant,
      'POST',
      '/api/payouts',
      { walletId, bankAccountId, amount: 250_000 },
      { 'idempotency-key': `audit-payout-${Date.now()}` },
    );
    expect(started.statusCode, started.body).toBe(201);
    const payout = started.json() as { id: string; fee: number };
    const code = await emailedCode(ctx.app, merchant.email);
    const confirmed = await call(merchant, 'POST', `/api/payouts/${payout.id}/confirm`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const money = { amount: 250_000, fee: payout.fee, currency: 'NGN', walletId, bankAccountId };
    const created = await only(merchant, 'payout.created');
    expect(created).toMatchObject({ target_type: 'payout', target_id: payout.id });
    expect(created.details).toMatchObject({
      ...money,
      status: 'PENDING_CONFIRMATION',
      confirmation: 'email',
    });
    const done = await only(merchant, 'payout.confirmed');
    expect(done.details).toMatchObject({ ...money, status: 'PROCESSING', bankName: 'Guaranty Trust Bank' });
    expect(JSON.stringify(await chainOf(ctx.app, merchant.userId))).not.toContain(code);
  });

  it('records a payout made with an API key under the key prefix, with no person', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const key = await generateKey(ctx.app, merchant);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(key), 'idempotency-key': `audit-key-payout-${Date.now()}` },
      payload: { walletId, bankAccountId, amount: 100_000 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [entry] = await entries(merchant, 'payout.created');
    expect(entry).toMatchObject({
      actor_person_id: null,
      api_key_prefix: key.slice(0, 'bzk_test_'.length + 4),
      acting_user_id: merchant.userId,
    });
    expect(entry?.details).toMatchObject({ amount: 100_000, status: 'PROCESSING' });
    expect(JSON.stringify(entry)).not.toContain(key);
    expect((await verify(ctx.app)).ok).toBe(true);
  });

  it('records a conversion with both currencies, amounts, fee and rate', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    await fundWallet(ctx.app, wallets.NGN, 5_000_000);
    const offer = await quote(ctx.app, merchant, sellNaira(1_000_000));
    const conversion = await convert(ctx.app, merchant, offer.id);
    const entry = await only(merchant, 'conversion.made');
    expect(entry).toMatchObject({ target_type: 'fx_quote', target_id: offer.id });
    expect(entry.details).toMatchObject({
      reference: conversion.reference,
      fromCurrency: 'NGN',
      toCurrency: 'USD',
      amountIn: offer.amountIn,
      amountOut: offer.amountOut,
      fee: offer.fee,
      fromWalletId: wallets.NGN,
      toWalletId: wallets.USD,
    });
  });

  it('records settings changes with before and after of the changed fields only', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const profile = await call(merchant, 'PUT', `/api/users/${merchant.userId}/profile`, {
      firstName: 'Chiamaka',
      lastName: 'Okafor',
      email: merchant.email,
      phoneNumber: '08031234567',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const notifications = await call(merchant, 'PUT', `/api/users/${merchant.userId}/notification-settings`, {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      refunds: !DEFAULT_NOTIFICATION_SETTINGS.refunds,
    });
    expect(notifications.statusCode, notifications.body).toBe(200);
    // Saving the same again changes nothing, and records nothing.
    await call(merchant, 'PUT', `/api/users/${merchant.userId}/notification-settings`, {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      refunds: !DEFAULT_NOTIFICATION_SETTINGS.refunds,
    });

    const changes = await entries(merchant, 'settings.changed');
    expect(changes.map((entry) => entry.details)).toEqual([
      {
        area: 'profile',
        userId: merchant.userId,
        before: { firstName: 'Adaeze' },
        after: { firstName: 'Chiamaka' },
      },
      {
        area: 'notifications',
        userId: merchant.userId,
        before: { refunds: DEFAULT_NOTIFICATION_SETTINGS.refunds },
        after: { refunds: !DEFAULT_NOTIFICATION_SETTINGS.refunds },
      },
    ]);
    expect((await verify(ctx.app)).ok).toBe(true);
  });
});
