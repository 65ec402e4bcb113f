import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { credentials, users, wallets } from '../../../src/db/schema/index.ts';
import { merchantInput, useTestApp } from '../../helper.ts';

describe('POST /api/auth/signup', () => {
  const ctx = useTestApp();

  const signUp = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload });

  it('creates the merchant with an argon2id hash and one NGN and one USD wallet', async () => {
    const input = merchantInput({ email: 'New.Merchant@Example.com' });
    const response = await signUp(input);

    expect(response.statusCode).toBe(201);
    const { token, userId } = response.json();
    expect(token.split('.')).toHaveLength(3);
    const db = ctx.app.deps.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email: 'new.merchant@example.com',
      status: 'PENDING_KYC',
      emailVerified: false,
    });
    const [credential] = await db.select().from(credentials).where(eq(credentials.userId, userId));
    expect(credential?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(credential?.passwordHash).not.toContain(input.password);
    const owned = await db.select().from(wallets).where(eq(wallets.userId, userId));
    expect(owned.map((wallet) => [wallet.currency, wallet.balance]).sort()).toEqual([
      ['NGN', 0],
      ['USD', 0],
    ]);
  });

  it('refuses a second account with the same email in any case with 409', async () => {
    const input = merchantInput();
    expect((await signUp(input)).statusCode).toBe(201);
    const again = await signUp({ ...merchantInput(), email: input.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'An account with this email already exists. Sign in instead.',
      code: 'EMAIL_TAKEN',
    });
  });

  it.each([
    ['email', 'not-an-email', 'Email is invalid'],
    ['email', '', 'Email is required'],
    ['firstName', 'A', 'Must be at least 2 characters long'],
    ['lastName', '', 'Last Name is required'],
    ['phoneNumber', '12345', 'Enter a valid phone number'],
    ['phoneNumber', '1234567890123456', 'Enter a valid phone number'],
    ['businessName', 'X', 'Must be at least 2 characters long'],
    ['countryOfBusiness', '', 'Country of Business is required'],
    [
      'countryOfBusiness',
      'Narnia',
      "Choose a supported Country of Business: Côte d'Ivoire, Ghana, Kenya, Nigeria, South Africa, United States.",
    ],
    ['password', 'Sh0rt!', 'Password must be at least 8 characters long'],
    ['password', 'nouppercase1!', 'Password must contain at least one uppercase letter'],
    ['password', 'NOLOWERCASE1!', 'Password must contain at least one lowercase letter'],
    ['password', 'NoDigitsHere!', 'Password must contain at least one number'],
    ['password', 'NoSpecial123', 'Password must contain at least one special character (@$!%*?&#)'],
    ['password', `Aa1!${'x'.repeat(125)}`, 'Password must be at most 128 characters long'],
  ])('rejects %s %j with "%s" and creates nothing', async (field, value, message) => {
    const input = { ...merchantInput(), [field]: value };
    const response = await signUp(input);

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toContainEqual({ path: field, message });
    const email = String(input.email).toLowerCase();
    expect(await ctx.app.deps.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('accepts 10 and 15 digit phone numbers, with or without a leading +', async () => {
    for (const phoneNumber of ['0803123456', '+234803123456789']) {
      expect((await signUp(merchantInput({ phoneNumber }))).statusCode).toBe(201);
    }
  });
});
