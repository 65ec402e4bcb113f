import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import {
  buildTestApp,
  merchantInput,
  signUpMerchant,
  TEST_JWT_SECRET,
  type TestContext,
  testConfig,
} from '../../helper.ts';
import { createProduct } from '../checkout/checkout-fixtures.ts';

const PRODUCT_ID = '0529cb90-da41-4ef1-9239-319fd243de35';
const PAY_URL = `/pay/${PRODUCT_ID}`;
const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

/** A file of the build with the brotli and gzip copies the web build writes beside it (apps/web/precompress.ts). */
async function writeBuilt(dir: string, file: string, content: string) {
  await writeFile(path.join(dir, file), content);
  await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(content));
  await writeFile(path.join(dir, `${file}.gz`), gzipSync(content));
}

describe('serving the built web app', () => {
  let ctx: TestContext;
  let webDistDir: string;
  const INDEX_HTML = '<!doctype html><title>Bizdash</title>';
  const APP_JS = 'console.log("app")';
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeBuilt(webDistDir, 'index.html', INDEX_HTML);
    await writeBuilt(webDistDir, 'assets/app-abc123.js', APP_JS);
    await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js.map'), '{"sources":["src/secret.ts"]}');
    await writeFile(
      path.join(webDistDir, 'assets', 'app-abc123.js.map.br'),
      brotliCompressSync('{"sources":["src/secret.ts"]}'),
    );
    ctx = await buildTestApp({ webDistDir });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('answers every client-side route with index.html, never cached', async () => {
    // This build has no route pages (pages/), as one made by something other than `vite build`.
    const routes = [
      '/',
      '/dashboard/recents',
      '/settings/company-details',
      '/no/such/page',
      '/signin',
      PAY_URL,
    ];
    for (const url of routes) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Bizdash</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.link).toBeUndefined();
    }
  });

  it('caches hashed assets for a year and answers missing files with 404', async () => {
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await ctx.app.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
  });

  it('does not publish source maps, compressed or not', async () => {
    for (const encoding of ['identity', 'br']) {
      const map = await ctx.app.inject({
        url: '/assets/app-abc123.js.map',
        headers: { 'accept-encoding': encoding },
      });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    }
    expect((await ctx.app.inject({ url: '/assets/app-abc123.js.map.br' })).statusCode).toBe(404);
  });

  it.each([
    ['br', 'gzip, deflate, br, zstd'],
    ['gzip', 'gzip, deflate'],
  ] as const)('sends the build %s-compressed to a client that accepts it (%s)', async (encoding, accept) => {
    const cases = [
      { url: '/assets/app-abc123.js', body: APP_JS, cacheControl: 'public, max-age=31536000, immutable' },
      { url: '/', body: INDEX_HTML, cacheControl: 'no-cache' },
      { url: '/dashboard/recents?tab=1', body: INDEX_HTML, cacheControl: 'no-cache' },
    ];
    for (const { url, body, cacheControl } of cases) {
      const response = await ctx.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
      expect(response.headers['content-type'], url).toMatch(
        url.endsWith('.js') ? /javascript/ : /text\/html/,
      );
      expect(decoders[encoding](response.rawPayload).toString(), url).toBe(body);
    }
  });

  it('sends the plain file, still varying on Accept-Encoding, to a client that accepts no compression', async () => {
    const response = await ctx.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(APP_JS);
  });

  it('does not serve the compressed copies at addresses of their own', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/index.html.gz']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await ctx.app.inject({ url: '/api/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('sign-in and the checkout answered with HTML of their own (apps/web/route-pages.ts)', () => {
  let ctx: TestContext;
  let webDistDir: string;
  const INDEX_HTML = '<!doctype html><title>Bizdash</title><div id="root"></div>';
  const SIGNIN_HTML =
    '<!doctype html><title>Bizdash</title><div id="root" data-static-page="/signin">…</div>';
  const PAY_HTML =
    '<!doctype html><title>Bizdash</title><div id="root" data-static-page="/pay/:productId">…</div>';
  const DASHBOARD_HTML = '<!doctype html><title>Bizdash</title><div id="root"></div><!-- dashboard -->';
  const DASHBOARD_TEST_MODE_HTML =
    '<!doctype html><title>Bizdash</title><div id="root"></div><!-- dashboard, Test mode band -->';
  const productPreload = `</api/checkout/products/${PRODUCT_ID}>; rel=preload; as=fetch; crossorigin`;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-web-pages-'));
    await mkdir(path.join(webDistDir, 'pages'));
    await writeBuilt(webDistDir, 'index.html', INDEX_HTML);
    await writeBuilt(webDistDir, 'pages/signin.html', SIGNIN_HTML);
    await writeBuilt(webDistDir, 'pages/pay.html', PAY_HTML);
    await writeBuilt(webDistDir, 'pages/dashboard.html', DASHBOARD_HTML);
    await writeBuilt(webDistDir, 'pages/dashboard-test-mode.html', DASHBOARD_TEST_MODE_HTML);
    // On sandbox providers: in test mode.
    ctx = await buildTestApp({ webDistDir });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it.each([
    ['/signin', SIGNIN_HTML, undefined],
    ['/signin/?next=1', SIGNIN_HTML, undefined],
    [PAY_URL, PAY_HTML, productPreload],
    [`${PAY_URL}?ref=mail`, PAY_HTML, productPreload],
    // Not a product id: the page still loads (and says the link is invalid), but nothing is preloaded for it.
    ['/pay/not-a-product', PAY_HTML, undefined],
    ['/pay/%3Cscript%3E', PAY_HTML, undefined],
    [`${PAY_URL}/payments/${PRODUCT_ID}`, INDEX_HTML, undefined],
    ['/dashboard', DASHBOARD_TEST_MODE_HTML, undefined],
    ['/dashboard/recents?page=2', DASHBOARD_TEST_MODE_HTML, undefined],
    ['/dashboards', INDEX_HTML, undefined],
    ['/signup', INDEX_HTML, undefined],
  ] as const)('answers %s with its page, compressed and never cached', async (url, body, link) => {
    for (const [encoding, accept] of [
      ['br', 'gzip, deflate, br, zstd'],
      ['gzip', 'gzip, deflate'],
    ] as const) {
      const response = await ctx.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers.link).toBe(link);
      expect(decoders[encoding](response.rawPayload).toString()).toBe(body);
    }
    const plain = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it('answers /dashboard with the page built without the Test mode band when real money moves', async () => {
    const defaults = testConfig();
    const live = await buildTestApp({
      webDistDir,
      publicUrl: 'https://pay.example.com',
      checkout: { ...defaults.checkout, paymentsProvider: 'paystack' },
      banks: { ...defaults.banks, directoryProvider: 'paystack' },
      payouts: { ...defaults.payouts, railProvider: 'paystack' },
      // Nothing here calls Paystack: an address that answers nothing.
      paystack: {
        secretKey: 'sk_live_4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c',
        baseUrl: 'http://127.0.0.1:9',
      },
    });
    try {
      for (const url of ['/dashboard', '/dashboard/pending']) {
        const response = await live.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
        expect(response.body).toBe(DASHBOARD_HTML);
      }
    } finally {
      await live.close();
    }
  });

  it('answers a route whose page this build lacks with index.html', async () => {
    await rm(path.join(webDistDir, 'pages', 'dashboard-test-mode.html'));
    const older = await buildTestApp({ webDistDir });
    try {
      const response = await older.app.inject({ url: '/dashboard/recents' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    } finally {
      await older.close();
      await writeBuilt(webDistDir, 'pages/dashboard-test-mode.html', DASHBOARD_TEST_MODE_HTML);
    }
  });

  it('does not serve the route pages at addresses of their own', async () => {
    for (const url of [
      '/pages/signin.html',
      '/pages/pay.html',
      '/pages/pay.html.br',
      '/pages/dashboard.html',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe('the checkout page drawn with its product (apps/api/src/plugins/checkout-page.ts)', () => {
  let ctx: TestContext;
  let webDistDir: string;
  const PAY_HTML =
    '<!doctype html><head><title>Bizdash</title></head><div id="root" data-static-page="/pay/:productId">' +
    '<!--page--><p>Loading checkout</p><!--/page--></div>';
  // Stands in for the web build's renderer (apps/web/src/app/checkout-page-server.tsx): it draws what it is given.
  const RENDERER = `export function renderCheckoutPage(product, pageOrigin) {
    if (product.productName.startsWith('Broken')) throw new Error('the renderer failed');
    const name = product.productName.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    return '<h1 data-page-origin="' + pageOrigin + '">' + name + '</h1>';
  }`;
  const hostileName = `Zobo </script><script>alert(1)</script> $& $' <title>x</title>`;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-web-checkout-'));
    await mkdir(path.join(webDistDir, 'pages'));
    await mkdir(path.join(webDistDir, 'server'));
    await writeBuilt(webDistDir, 'index.html', '<!doctype html><div id="root"></div>');
    await writeBuilt(webDistDir, 'pages/pay.html', PAY_HTML);
    await writeFile(path.join(webDistDir, 'server', 'checkout-page.mjs'), RENDERER);
    ctx = await buildTestApp({ webDistDir });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  const embeddedProduct = (html: string) => {
    const json = /<script type="application\/json" id="checkout-product-data">([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    return json === undefined ? undefined : JSON.parse(json);
  };

  it('sends the page with the product drawn in, its title, and the product for the app, escaped', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const product = await createProduct(ctx.app, merchant, { productName: hostileName });
    const shown = (await ctx.app.inject({ url: `/api/checkout/products/${product.recordId}` })).json();

    for (const [encoding, accept] of [
      ['br', 'gzip, deflate, br'],
      ['gzip', 'gzip;q=1, br;q=0'],
    ] as const) {
      const response = await ctx.app.inject({
        url: `/pay/${product.recordId}`,
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const html = decoders[encoding](response.rawPayload).toString();
      expect(html).toContain(
        '<!--page--><h1 data-page-origin="http://localhost">' +
          "Zobo &lt;/script>&lt;script>alert(1)&lt;/script> $&amp; $' &lt;title>x&lt;/title></h1><!--/page-->",
      );
      expect(html).toContain(
        '<title>Zobo &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#39; &lt;title&gt;x&lt;/title&gt; · ',
      );
      expect(html).not.toContain('<script>alert(1)');
      expect(embeddedProduct(html)).toEqual(shown);
    }
    const plain = await ctx.app.inject({
      url: `/pay/${product.recordId}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(embeddedProduct(plain.body)).toEqual(shown);
  });

  it('draws the page for the address the customer opened it at (a logo on this site is shown)', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const product = await createProduct(ctx.app, merchant, { productName: 'Zobo' });
    const response = await ctx.app.inject({
      url: `/pay/${product.recordId}`,
      headers: { host: 'shop.example.com', 'accept-encoding': 'identity' },
    });
    expect(response.body).toContain('<h1 data-page-origin="http://shop.example.com">Zobo</h1>');
  });

  it("sends the build's page as it is when there is no such product, or the renderer fails", async () => {
    const merchant = await signUpMerchant(ctx.app);
    const broken = await createProduct(ctx.app, merchant, { productName: 'Broken kettle' });
    for (const url of [`/pay/${PRODUCT_ID}`, '/pay/not-a-product', `/pay/${broken.recordId}`]) {
      const response = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(PAY_HTML);
    }
  });

  it('does not serve the renderer', async () => {
    expect((await ctx.app.inject({ url: '/server/checkout-page.mjs' })).statusCode).toBe(404);
  });
});

describe('the embedded database in DATA_DIR', () => {
  it('keeps merchants across a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-restart-'));
    // Always PGlite, also when the suite runs on TEST_DATABASE_URL: this is about the embedded database's files.
    const config = testConfig({ dataDir, jwtSecret: TEST_JWT_SECRET, databaseUrl: undefined });
    const input = merchantInput();
    try {
      const first = await buildApp(config);
      expect(
        (await first.inject({ method: 'POST', url: '/api/auth/signup', payload: input })).statusCode,
      ).toBe(201);
      await first.close();

      const second = await buildApp(config);
      const signIn = await second.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: input.email, password: input.password },
      });
      await second.close();
      expect(signIn.statusCode).toBe(200);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // Two cold starts of an on-disk database (initdb, then every migration): 6 s alone, over 20 s beside the
    // other test files on two cores.
  }, 120_000);
});

describe('configuration', () => {
  it('stops with a message naming each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT: .*\n.*DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL\n.*JWT_SECRET: JWT_SECRET must be at least 32 characters/,
    );
  });

  it('defaults to port 8080, ./data and an 8 hour token lifetime', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, jwtTtl: '8h', publicUrl: 'http://localhost:8080' });
    expect(config.dataDir).toBe(path.resolve('data'));
  });
});
