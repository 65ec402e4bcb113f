import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { multipartBody } from '../files/multipart-body.ts';

/*
 * Every absolute URL the server builds, asked for with a forged Host (and forged X-Forwarded-* headers, which a
 * direct client may send too): with PUBLIC_URL set none of them reads a header; without it only the links a
 * merchant asks for use the address the request came in on, and emails never do.
 */
const PUBLIC_URL = 'https://dash.bizdash.example';
const FORGED = {
  host: 'shop-attacker.example',
  'x-forwarded-host': 'forwarded-attacker.example',
  'x-forwarded-proto': 'http',
};
const PRODUCT = {
  productName: 'Ankara tote bag',
  description: 'Hand-sewn',
  amount: 1_250_000,
  currency: 'NGN',
  quantityAvailable: 12,
};

/** The settings exactly as PUBLIC_URL (and nothing else) makes them, so derived ones such as the payment links follow. */
function withPublicUrl() {
  const { publicUrl, publicUrlIsSet, checkout } = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: PUBLIC_URL });
  return { publicUrl, publicUrlIsSet, checkout };
}

async function hostedLinkUrl(ctx: TestContext, merchant: Merchant, headers: Record<string, string>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/plaid/link',
    headers: { ...bearer(merchant.token), ...headers },
    payload: { userRecordId: merchant.userId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { hostedLinkUrl: string }).hostedLinkUrl;
}

async function paymentLink(ctx: TestContext, merchant: Merchant, headers: Record<string, string>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...bearer(merchant.token), ...headers },
    payload: PRODUCT,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentLink: string }).paymentLink;
}

async function resetLink(ctx: TestContext, merchant: Merchant, headers: Record<string, string>) {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers,
    payload: { email: merchant.email },
  });
  expect(asked.statusCode).toBe(202);
  const mail = await vi.waitFor(
    async () => {
      const [first] = await ctx.app.deps.email.mailbox(merchant.email);
      expect(first).toBeDefined();
      return first;
    },
    { timeout: 5_000 },
  );
  return mail?.text.match(/(\S+)\/reset-password#token=/)?.[1];
}

describe('with PUBLIC_URL set, a forged Host changes no URL the server builds', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp(withPublicUrl());
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  it('hosted bank link: the page and the way back to the settlement screen are on PUBLIC_URL', async () => {
    const url = new URL(await hostedLinkUrl(ctx, merchant, FORGED));
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toBe('/bank-link/sandbox');
    const session = await ctx.app.inject({
      url: `/api/sandbox/bank-link/sessions/${url.searchParams.get('session')}`,
    });
    expect(session.json()).toMatchObject({
      completionRedirectUrl: `${PUBLIC_URL}/settings/settlement-account`,
    });
  });

  it('payment link: PUBLIC_URL/pay/<product id>', async () => {
    expect(await paymentLink(ctx, merchant, FORGED)).toMatch(new RegExp(`^${PUBLIC_URL}/pay/[0-9a-f-]{36}$`));
  });

  it('password-reset email: the link is on PUBLIC_URL', async () => {
    expect(await resetLink(ctx, merchant, FORGED)).toBe(PUBLIC_URL);
  });

  it('uploaded file: its URL is on PUBLIC_URL', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#008751' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody([
      { name: 'type', value: 'profile' },
      { name: 'file', filename: 'me.png', contentType: 'image/png', bytes: png },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/document/${merchant.userId}/upload-profile-picture`,
      payload,
      headers: { ...headers, ...bearer(merchant.token), ...FORGED },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${PUBLIC_URL}/api/files/`));
  });

  it('OpenAPI document: its server is PUBLIC_URL', async () => {
    const spec = await ctx.app.inject({ url: '/api/docs/json', headers: FORGED });
    expect(spec.json().servers).toEqual([{ url: PUBLIC_URL }]);
  });
});

describe('without PUBLIC_URL', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  it("links a merchant asks for use the request's Host; X-Forwarded-* count only behind TRUST_PROXY", async () => {
    expect(new URL(await hostedLinkUrl(ctx, merchant, FORGED)).origin).toBe('http://shop-attacker.example');
    expect(await paymentLink(ctx, merchant, FORGED)).toMatch(/^http:\/\/shop-attacker\.example\/pay\//);
  });

  it('a Host that is not a plain host name falls back to the default address', async () => {
    for (const host of ['user@evil.example', 'evil.example/path', 'evil.example:99999']) {
      expect(await paymentLink(ctx, merchant, { host })).toMatch(/^http:\/\/localhost:8080\/pay\//);
    }
  });

  it("emails never take the request's Host: the reset link is on the default address", async () => {
    expect(await resetLink(ctx, merchant, FORGED)).toBe('http://localhost:8080');
  });
});
