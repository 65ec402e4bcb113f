import { describe, expect, it } from 'vitest';
import { buildTestApp, merchantInput, signUpMerchant, useTestApp } from '../../helper.ts';

describe('GET /api/health', () => {
  const ctx = useTestApp();

  it('answers 200 when the database answers, and says the sandbox providers put it in test mode', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', testMode: true });
  });

  it('sends strict security headers and a request id', async () => {
    const response = await ctx.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Plain HTTP: HSTS only over HTTPS (framework-errors.test.ts).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBe('trace-12345678');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('does not open CORS to other origins by default', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/signin',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with CORS_ORIGINS set', () => {
  const SHOP = 'https://shop.example';
  const ctx = useTestApp({ corsOrigins: [SHOP] });

  const preflight = (origin: string) =>
    ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/signin',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
  const list = (header: unknown) => String(header).toLowerCase().split(/,\s*/);

  it("answers a listed origin's preflight: its origin, the methods and headers the API takes, for 10 minutes", async () => {
    const response = await preflight(SHOP);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    expect(list(response.headers['access-control-allow-methods'])).toEqual(
      expect.arrayContaining(['get', 'post', 'put', 'delete']),
    );
    expect(list(response.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']),
    );
    expect(response.headers['access-control-max-age']).toBe('600');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('names a listed origin on the answer itself, and varies on Origin', async () => {
    const response = await ctx.app.inject({ url: '/api/health', headers: { origin: SHOP } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    expect(list(response.headers.vary)).toContain('origin');
  });

  it('stays closed to any other origin', async () => {
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    const answer = await ctx.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('errors', () => {
  const ctx = useTestApp();

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers broken JSON with 400 and no stack trace', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
  });
});

describe('GET /api/docs', () => {
  const ctx = useTestApp();

  it('serves the API reference and an OpenAPI document built from the route schemas', async () => {
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBe(200);
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/signin',
        '/api/auth/logout',
        '/api/users/{userId}',
        '/api/users/otp',
      ]),
    );
    expect(
      spec.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.required,
    ).toContain('businessName');
    expect(spec.info.description).toContain(
      '**Test mode**: card payments, name enquiry or payouts go through a sandbox or a Paystack test key: no real money moves.',
    );
  });
});

describe('rate limits', () => {
  const ctx = useTestApp({
    rateLimit: {
      ipPerMinute: 1000,
      accountPer15Minutes: 3,
      accountAcrossIpsPer15Minutes: 6,
      checkoutPerMinute: 1000,
    },
  });

  const signInFrom = (remoteAddress: string, email: string, password = 'Wr0ng!Password') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress, payload: { email, password } });

  it('answers the fourth sign-in for one account from one address within 15 minutes with 429 and when to retry', async () => {
    const merchant = await signUpMerchant(ctx.app);
    for (let i = 0; i < 3; i += 1)
      expect((await signInFrom('203.0.113.7', merchant.email)).statusCode).toBe(401);

    const limited = await signInFrom('203.0.113.7', merchant.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many attempts. Try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it("does not lock the owner out with a stranger's wrong guesses from another address", async () => {
    const merchant = await signUpMerchant(ctx.app);
    for (let i = 0; i < 5; i += 1) await signInFrom('198.51.100.66', merchant.email);
    expect((await signInFrom('198.51.100.66', merchant.email)).statusCode).toBe(429);

    const owner = await signInFrom('203.0.113.20', merchant.email, merchant.password);

    expect(owner.statusCode).toBe(200);
  });

  it('stops guesses spread over many addresses at the higher limit for the account', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await signInFrom(`192.0.2.${i + 1}`, merchant.email)).statusCode);

    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('limits requests per IP address', async () => {
    const strict = await buildTestApp({
      rateLimit: {
        ipPerMinute: 2,
        accountPer15Minutes: 100,
        accountAcrossIpsPer15Minutes: 100,
        checkoutPerMinute: 100,
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: merchantInput().email, password: 'whatever' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});
