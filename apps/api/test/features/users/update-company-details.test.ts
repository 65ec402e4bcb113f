import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';

describe('PUT /api/users/{userId} (company details)', () => {
  let ctx: TestContext;
  let merchantA: Merchant;
  let merchantB: Merchant;
  let canary: Server;
  let canaryHits = 0;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchantA = await signUpMerchant(ctx.app, { businessName: 'Amaka Stores', countryOfBusiness: 'Nigeria' });
    merchantB = await signUpMerchant(ctx.app, { businessName: 'Bola Gadgets', countryOfBusiness: 'Ghana' });
    canary = createServer((_request, response) => {
      canaryHits += 1;
      response.end('not for you');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    canary.close();
    await ctx.close();
  });

  const put = (merchant: Merchant, payload: unknown, userId = merchant.userId) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}`,
      headers: bearer(merchant.token),
      payload: payload as object,
    });
  const read = async (merchant: Merchant) =>
    (
      await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })
    ).json() as User;
  const ownFileUrl = () => `${ctx.app.deps.config.publicUrl}/api/files/3f8a7c52-5d7e-4c1b-9a3e-2b6f0d1e4c7a`;
  const valid = (businessName: string, countryOfBusiness: string) => ({
    businessName,
    countryOfBusiness,
    businessDescription: 'Fresh fruit and vegetables, delivered in Lagos.\nOpen every day.',
    checkoutLogUrl: ownFileUrl(),
    chargeCheckoutFeeToCustomer: true,
  });
  const validA = () => valid('Amaka Stores', 'Nigeria');
  const validB = () => valid('Bola Gadgets', 'Ghana');

  it('saves the description, our own logo URL and the fee choice', async () => {
    const response = await put(merchantA, validA());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      businessDescription: 'Fresh fruit and vegetables, delivered in Lagos.\nOpen every day.',
      checkoutLogUrl: ownFileUrl(),
      chargeCheckoutFeeToCustomer: true,
    });
    expect(await read(merchantA)).toMatchObject({
      chargeCheckoutFeeToCustomer: true,
      checkoutLogUrl: ownFileUrl(),
    });
  });

  it('clears the logo with an empty URL and turns the fee off', async () => {
    const response = await put(merchantA, {
      ...validA(),
      checkoutLogUrl: '',
      chargeCheckoutFeeToCustomer: false,
    });
    expect(response.statusCode).toBe(200);
    expect(await read(merchantA)).toMatchObject({ checkoutLogUrl: null, chargeCheckoutFeeToCustomer: false });
  });

  it.each([
    [{ businessName: 'Bola Gadgets Ltd' }, 'Company Name cannot be changed. Contact support to change it.'],
    [
      { countryOfBusiness: 'Nigeria' },
      'Country of Business cannot be changed. Contact support to change it.',
    ],
    [{ businessName: '' }, 'Company Name is required'],
    [{ businessName: 'B' }, 'Must be at least 2 characters long'],
    [{ countryOfBusiness: '' }, 'Country of Business is required'],
    [{ countryOfBusiness: 'G' }, 'Must be at least 2 characters long'],
    [{ businessDescription: '' }, 'Description of Business is required'],
    [{ businessDescription: null }, 'Description of Business is required'],
    [{ businessDescription: 'Too short' }, 'Must be at least 10 characters long'],
    [{ businessDescription: 'x'.repeat(1001) }, 'Description of Business is at most 1000 characters'],
    [{ businessDescription: 'x'.repeat(200_000) }, 'Description of Business is at most 1000 characters'],
    [
      { businessDescription: 'We sell \u0000 things' },
      'Description of Business contains a character that is not allowed',
    ],
    [{ businessDescription: 42 }, 'Description of Business must be text'],
    [{ chargeCheckoutFeeToCustomer: undefined }, 'Charge Checkout Fee is required'],
    [{ chargeCheckoutFeeToCustomer: 'true' }, 'Charge Checkout Fee is required'],
    [{ checkoutLogUrl: 'not a url' }, 'Checkout Logo URL must be a valid URL'],
    [{ checkoutLogUrl: 'javascript:alert(1)' }, 'Checkout Logo URL must be a valid URL'],
    [{ checkoutLogUrl: 'file:///etc/passwd' }, 'Checkout Logo URL must be a valid URL'],
    [
      { checkoutLogUrl: `https://example.com/${'a'.repeat(2048)}` },
      'Checkout Logo URL is at most 2048 characters',
    ],
    [{ checkoutLogUrl: 7 }, 'Checkout Logo URL must be a valid URL'],
  ])('refuses %j with "%s" and changes nothing', async (override, message) => {
    const before = await read(merchantB);
    const response = await put(merchantB, { ...validB(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(response.body).not.toMatch(/at \/|node_modules/);
    expect(await read(merchantB)).toEqual(before);
  });

  it('refuses a pasted URL of a loopback server without calling it', async () => {
    const before = await read(merchantB);
    const { port } = canary.address() as AddressInfo;
    for (const url of [`https://127.0.0.1:${port}/logo.png`, `http://127.0.0.1:${port}/logo.png`]) {
      const response = await put(merchantB, { ...validB(), checkoutLogUrl: url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('The image could not be imported from this URL');
    }
    expect(canaryHits).toBe(0);
    expect(await read(merchantB)).toEqual(before);
  });

  it("answers 404 for another merchant's user and changes nothing", async () => {
    const before = await read(merchantB);
    const response = await put(merchantA, validB(), merchantB.userId);
    expect(response.statusCode).toBe(404);
    expect(await read(merchantB)).toEqual(before);
  });
});
