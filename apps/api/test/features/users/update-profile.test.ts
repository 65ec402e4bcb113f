import type { User } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';

describe('PUT /api/users/{userId}/profile', () => {
  let ctx: TestContext;
  let merchantA: Merchant;
  let merchantB: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchantA = await signUpMerchant(ctx.app, { firstName: 'Amaka' });
    merchantB = await signUpMerchant(ctx.app, { firstName: 'Bola' });
  });
  afterAll(() => ctx.close());

  const put = (merchant: Merchant, payload: unknown, userId = merchant.userId) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/profile`,
      headers: bearer(merchant.token),
      payload: payload as object,
    });
  const read = async (merchant: Merchant) =>
    (
      await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })
    ).json() as User;
  const valid = (merchant: Merchant) => ({
    firstName: 'Chiamaka',
    lastName: 'Eze',
    email: merchant.email,
    phoneNumber: '+234 (803) 555-0100',
  });

  it('saves names and the phone as digits, and answers the updated user', async () => {
    const response = await put(merchantA, { ...valid(merchantA), email: merchantA.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Chiamaka',
      lastName: 'Eze',
      phoneNumber: '+2348035550100',
    });
    expect(await read(merchantA)).toMatchObject({ firstName: 'Chiamaka', phoneNumber: '+2348035550100' });
  });

  it.each([
    [{ firstName: '' }, 'First Name is required'],
    [{ firstName: undefined }, 'First Name is required'],
    [{ firstName: 'A' }, 'Must be at least 2 characters long'],
    [{ lastName: '' }, 'Last Name is required'],
    [{ lastName: 'B' }, 'Must be at least 2 characters long'],
    [{ firstName: 'x'.repeat(51) }, 'First Name is at most 50 characters'],
    [{ lastName: 'x'.repeat(100_000) }, 'Last Name is at most 50 characters'],
    [{ firstName: 'Ama\u0000ka' }, 'First Name contains a character that is not allowed'],
    [{ lastName: 'Eze\u001b[31m' }, 'Last Name contains a character that is not allowed'],
    [{ firstName: 42 }, 'First Name must be text'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Email is invalid'],
    [{ phoneNumber: '' }, 'Phone Number is required'],
    [{ phoneNumber: '12345' }, 'Enter a valid phone number'],
    [{ phoneNumber: '1'.repeat(16) }, 'Enter a valid phone number'],
    [{ phoneNumber: 8035550100 }, 'Phone Number is required'],
  ])('refuses %j with "%s" and changes nothing', async (override, message) => {
    const before = await read(merchantB);
    const response = await put(merchantB, { ...valid(merchantB), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(response.body).not.toMatch(/at \/|node_modules/);
    expect(await read(merchantB)).toEqual(before);
  });

  it('refuses a changed email with a clear message', async () => {
    const response = await put(merchantB, { ...valid(merchantB), email: 'someone-else@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Email cannot be changed here. It is the address you sign in with.');
    expect((await read(merchantB)).firstName).toBe('Bola');
  });

  it('refuses a body that is not an object', async () => {
    const response = await put(merchantB, ['Chiamaka']);
    expect(response.statusCode).toBe(400);
  });

  it("answers 404 for another merchant's user and changes nothing", async () => {
    const response = await put(merchantA, valid(merchantB), merchantB.userId);
    expect(response.statusCode).toBe(404);
    expect((await read(merchantB)).firstName).toBe('Bola');
  });

  it('is in the OpenAPI document with its body, as is the company details update', async () => {
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const profile = spec.paths['/api/users/{userId}/profile'].put;
    expect(profile.summary).toMatch(/first name, last name and phone/);
    expect(profile.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'phoneNumber']),
    );
    const company = spec.paths['/api/users/{userId}'].put;
    expect(company.summary).toMatch(/checkout logo/);
    // The company details, or (for an app) its name and description: ADR 033.
    const [details, app] = company.requestBody.content['application/json'].schema.anyOf;
    expect(details.required).toEqual(
      expect.arrayContaining([
        'businessName',
        'countryOfBusiness',
        'businessDescription',
        'chargeCheckoutFeeToCustomer',
      ]),
    );
    expect(app.required).toEqual(['name']);
  });
});
