import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';

describe('GET /api/bank/nigeria-banks', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  it('lists the Nigerian banks by name with their CBN codes, nothing else', async () => {
    const response = await ctx.app.inject({
      url: '/api/bank/nigeria-banks',
      headers: bearer(merchant.token),
    });
    expect(response.statusCode).toBe(200);
    const banks = response.json() as { bankName: string; bankCode: string }[];
    expect(banks).toContainEqual({ bankName: 'Access Bank', bankCode: '044' });
    expect(banks).toContainEqual({ bankName: 'Guaranty Trust Bank', bankCode: '058' });
    expect(banks).toContainEqual({ bankName: 'OPay', bankCode: '999992' });
    const names = banks.map((bank) => bank.bankName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(banks.every((bank) => Object.keys(bank).sort().join() === 'bankCode,bankName')).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ url: '/api/bank/nigeria-banks' })).statusCode).toBe(401);
  });
});
