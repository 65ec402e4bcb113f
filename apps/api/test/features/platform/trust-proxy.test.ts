import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../../src/config.ts';
import { bearer, buildTestApp, signUpMerchant, type TestContext, testConfig } from '../../helper.ts';

/*
 * TRUST_PROXY: whose X-Forwarded-For, -Host and -Proto the server believes. Requests come from 127.0.0.1 (the
 * proxy in front) unless a test says otherwise; the proxy appends the address it saw, 203.0.113.7, to whatever
 * X-Forwarded-For the client sent.
 */
const CLIENT = '203.0.113.7';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const trusting = (value: string) => ({ trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy });

/** The app, with a route answering what the server made of the request's address. */
async function appWith(overrides: Partial<Config>): Promise<FastifyInstance> {
  ctx = await buildTestApp(overrides);
  ctx.app.get('/test/seen-as', async (request) => ({
    ip: request.ip,
    host: request.host,
    protocol: request.protocol,
  }));
  return ctx.app;
}

const seenAs = async (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  (await app.inject({ url: '/test/seen-as', headers, remoteAddress })).json() as {
    ip: string;
    host: string;
    protocol: string;
  };

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-* headers are ignored; the address is the connection', async () => {
    const app = await appWith({});
    expect(
      await seenAs(app, {
        'x-forwarded-for': `198.51.100.1, ${CLIENT}`,
        'x-forwarded-host': 'shop-attacker.example',
        'x-forwarded-proto': 'https',
      }),
    ).toEqual({ ip: '127.0.0.1', host: 'localhost:80', protocol: 'http' });
  });

  it('true trusts one hop: a forged left-most X-Forwarded-For changes nothing', async () => {
    const app = await appWith(trusting('true'));
    for (const forged of ['198.51.100.1', '198.51.100.2', '10.0.0.1, 198.51.100.3']) {
      expect((await seenAs(app, { 'x-forwarded-for': `${forged}, ${CLIENT}` })).ip).toBe(CLIENT);
    }
    expect(
      await seenAs(app, {
        'x-forwarded-for': CLIENT,
        'x-forwarded-host': 'dash.example.org',
        'x-forwarded-proto': 'https',
      }),
    ).toEqual({ ip: CLIENT, host: 'dash.example.org', protocol: 'https' });
  });

  it('a hop count takes that many addresses from the right', async () => {
    const app = await appWith(trusting('2'));
    expect((await seenAs(app, { 'x-forwarded-for': `198.51.100.1, ${CLIENT}, 10.0.0.9` })).ip).toBe(CLIENT);
  });

  it('a list of proxies: only their headers count, and the address is the first hop not among them', async () => {
    const app = await appWith(trusting('loopback, 10.0.0.0/8'));
    expect((await seenAs(app, { 'x-forwarded-for': `198.51.100.1, ${CLIENT}, 10.0.0.9` })).ip).toBe(CLIENT);
    const direct = await seenAs(
      app,
      { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-host': 'shop-attacker.example' },
      '192.0.2.50',
    );
    expect(direct).toEqual({ ip: '192.0.2.50', host: 'localhost:80', protocol: 'http' });
  });

  it('rate limits count the client the proxy saw, however it rewrites its own X-Forwarded-For', async () => {
    const app = await appWith({
      ...trusting('true'),
      rateLimit: { ...testConfig().rateLimit, ipPerMinute: 3 },
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, ${CLIENT}` },
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    const another = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-forwarded-for': '203.0.113.8' },
      payload: {},
    });
    expect(another.statusCode).toBe(400);
  });

  it("behind a trusted proxy without PUBLIC_URL, links use the proxy's X-Forwarded-Host and -Proto", async () => {
    const app = await appWith(trusting('true'));
    const merchant = await signUpMerchant(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/plaid/link',
      headers: {
        ...bearer(merchant.token),
        'x-forwarded-host': 'dash.example.org',
        'x-forwarded-proto': 'https',
      },
      payload: { userRecordId: merchant.userId },
    });
    expect(new URL(response.json().hostedLinkUrl).origin).toBe('https://dash.example.org');
  });

  it('refuses at start-up anything but false, a hop count or proxy addresses, naming the setting', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, ::1' }).trustProxy).toEqual({ proxies: ['10.0.0.1', '::1'] });
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: must be false, a hop count.*: yes/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300,loopback' })).toThrow(
      /not an address: 10\.0\.0\.300$/,
    );
  });
});
