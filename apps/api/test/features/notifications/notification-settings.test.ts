import { DEFAULT_NOTIFICATION_SETTINGS } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  signUpMerchant,
  type TestContext,
} from '../../helper.ts';

const chosen = {
  inApp: true,
  accountUpdates: false,
  incomingPayments: true,
  outgoingTransfer: false,
  securityAlerts: true,
  refunds: true,
  disputes: false,
  email: true,
};

describe('/api/users/{userId}/notification-settings', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: Merchant;

  const send = (method: 'GET' | 'PUT', userId: string, who: Merchant, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/users/${userId}/notification-settings`,
      headers: bearer(who.token),
      payload,
    });
  const savedRows = (who: Merchant) =>
    countRows(ctx.app, sql`select count(*) as n from notification_settings where user_id = ${who.userId}`);

  beforeAll(async () => {
    ctx = await buildTestApp();
    [merchant, other] = [await signUpMerchant(ctx.app), await signUpMerchant(ctx.app)];
  });
  afterAll(() => ctx.close());

  it("gives SPEC's defaults before anything is saved", async () => {
    const response = await send('GET', merchant.userId, merchant);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      inApp: true,
      accountUpdates: true,
      incomingPayments: false,
      outgoingTransfer: false,
      securityAlerts: false,
      refunds: false,
      disputes: true,
      email: false,
    });
  });

  it('saves all eight choices and reads them back', async () => {
    const saved = await send('PUT', merchant.userId, merchant, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(chosen);
    expect((await send('GET', merchant.userId, merchant)).json()).toEqual(chosen);

    const again = await send('PUT', merchant.userId, merchant, { ...chosen, email: false });
    expect(again.json()).toEqual({ ...chosen, email: false });
    expect(await savedRows(merchant)).toBe(1);

    // A client that does not know Refunds and Disputes yet leaves them as they are.
    const { refunds: _refunds, disputes: _disputes, ...older } = chosen;
    const kept = await send('PUT', merchant.userId, merchant, { ...older, email: false });
    expect(kept.json()).toEqual({ ...chosen, email: false });
  });

  it.each([
    [
      'a missing switch',
      { ...DEFAULT_NOTIFICATION_SETTINGS, email: undefined },
      'email must be true or false',
    ],
    [
      'a string for a switch',
      { ...DEFAULT_NOTIFICATION_SETTINGS, inApp: 'yes' },
      'inApp must be true or false',
    ],
    ['an unknown setting', { ...DEFAULT_NOTIFICATION_SETTINGS, sms: true }, 'Unknown notification setting'],
  ])('refuses %s with a 400 and changes nothing', async (_name, payload, message) => {
    const response = await send('PUT', other.userId, other, payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(await savedRows(other)).toBe(0);
  });

  it('refuses a user id that is not a uuid with a 400', async () => {
    const response = await send('GET', 'not-a-uuid', merchant);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('User ID is invalid');
  });

  it("answers 404 for another merchant's settings and changes nothing", async () => {
    expect((await send('GET', other.userId, merchant)).statusCode).toBe(404);
    const put = await send('PUT', other.userId, merchant, chosen);
    expect(put.statusCode).toBe(404);
    expect(await savedRows(other)).toBe(0);
    expect((await send('GET', other.userId, other)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('needs a signed-in caller', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${merchant.userId}/notification-settings`,
    });
    expect(response.statusCode).toBe(401);
  });
});
