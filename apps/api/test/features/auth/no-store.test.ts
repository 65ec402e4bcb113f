import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  merchantInput,
  PASSWORD,
  signUpMerchant,
  type TestContext,
} from '../../helper.ts';

describe('answers carrying a credential or a secret are never cached', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  it('sign-up, sign-in (right or wrong password) and the two-factor step say Cache-Control: no-store', async () => {
    const answers = [
      await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: merchantInput() }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: merchant.email, password: PASSWORD },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: merchant.email, password: 'Wr0ng!Password' },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin/two-factor',
        payload: { challengeToken: 'not-a-challenge', code: '123456' },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 401, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('a new API key, the user with its key and secret, and a two-factor secret say Cache-Control: no-store', async () => {
    const session = bearer(merchant.token);
    const answers = [
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/update-api-details',
        headers: session,
        payload: { userId: merchant.userId, generateNewKey: true },
      }),
      await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: session }),
      await ctx.app.inject({
        method: 'POST',
        url: `/api/users/${merchant.userId}/two-factor/setup`,
        headers: session,
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
