import { type User, UserSchema } from '@bizdash/shared';

/** A User that passes the shared schema, so tests break when the contract changes. */
export function buildUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    recordId: '8b1c3f7e-2d4a-4c6b-9e1f-0a2b3c4d5e6f',
    status: 'PENDING_KYC',
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'ada@example.com',
    emailVerified: true,
    phoneNumber: '+2348012345678',
    profilePictureUrl: null,
    businessName: 'Okafor Foods',
    countryOfBusiness: 'Nigeria',
    businessDescription: null,
    chargeCheckoutFeeToCustomer: false,
    checkoutLogUrl: null,
    isApp: false,
    apiKey: { apiKey: null, webhookUrl: null },
    wallets: [],
    banks: [],
    ...overrides,
  });
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT: the client only reads its exp claim. */
export function buildToken({ expiresInSeconds = 3600 }: { expiresInSeconds?: number } = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify({ sub: 'user', exp }))}.signature`;
}
