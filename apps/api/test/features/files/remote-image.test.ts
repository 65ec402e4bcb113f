import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRemoteImage, REMOTE_IMAGE_REFUSED, storeImage } from '../../../src/features/files/index.ts';
import { importRemoteImageWith } from '../../../src/features/files/remote-image.ts';
import type { OutboundPolicy } from '../../../src/lib/outbound-http.ts';
import { isPublicAddress } from '../../../src/lib/public-address.ts';
import { buildTestApp, countRows, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';

describe('importRemoteImage (SSRF corpus)', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let canary: Server;
  let canaryHits = 0;
  let canaryPort = 0;

  const storedFiles = () =>
    countRows(ctx.app, sql`select count(*) as n from files where owner_id = ${merchant.userId}`);

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    canary = createServer((_request, response) => {
      canaryHits += 1;
      response.writeHead(302, { location: 'https://127.0.0.1/' }).end();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryPort = (canary.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => canary.close(resolve));
    await ctx.close();
  });

  const refusedUrls = () => [
    `https://127.0.0.1:${canaryPort}/logo.png`,
    `https://localhost:${canaryPort}/logo.png`,
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/logo.png',
    'https://172.16.5.4/logo.png',
    'https://192.168.1.1/logo.png',
    `https://0x7f000001:${canaryPort}/logo.png`,
    `https://2130706433:${canaryPort}/logo.png`,
    `https://[::ffff:127.0.0.1]:${canaryPort}/logo.png`,
    `https://[::1]:${canaryPort}/logo.png`,
    `http://127.0.0.1:${canaryPort}/redirect`,
    `https://0177.0.0.1:${canaryPort}/logo.png`,
    `https://[::ffff:7f00:1]:${canaryPort}/logo.png`,
    'https://[fd00::1]/logo.png',
    'https://user:pass@example.com/logo.png',
    'file:///etc/passwd',
    'ftp://example.com/logo.png',
    'not a url',
  ];

  it('refuses every private, loopback, link-local or non-https target; the loopback canary receives nothing', async () => {
    const before = await storedFiles();
    for (const url of refusedUrls()) {
      await expect(
        importRemoteImage({ ownerId: merchant.userId, url }, ctx.app.deps),
        url,
      ).rejects.toMatchObject({
        statusCode: 400,
        message: REMOTE_IMAGE_REFUSED,
      });
    }
    expect(canaryHits).toBe(0);
    expect(await storedFiles()).toBe(before);
  });

  it('judges IPv4, IPv6 and IPv4-mapped IPv6 addresses', () => {
    for (const address of [
      '127.0.0.1',
      '169.254.169.254',
      '10.1.2.3',
      '::1',
      '::ffff:7f00:1',
      'fe80::1',
      'fd00::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('stores an uploaded image re-encoded without its metadata', async () => {
    const withGps = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    const stored = await storeImage(
      {
        ownerId: merchant.userId,
        purpose: 'checkout_logo',
        source: withGps,
        originalName: '../../etc/logo.jpg',
      },
      ctx.app.deps,
    );
    expect(stored.url).toMatch(/\/api\/files\/[0-9a-f-]{36}$/);
    expect(stored.originalName).toBe('logo.jpg');
    const body = await ctx.app.deps.storage.get(stored.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of body ?? []) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta.width).toBe(1024);
    expect(meta.exif).toBeUndefined();
  });

  describe('redirects', () => {
    // A policy that lets the test reach its own loopback servers over http: only the refusal to follow a
    // redirect can then keep the canary silent.
    const loopbackAllowed: OutboundPolicy = {
      protocols: ['http:', 'https:'],
      isAllowedAddress: () => true,
    };
    let target: Server;
    let targetHits = 0;
    let redirector: Server;
    let redirectorPort = 0;
    let imageServer: Server;
    let imagePort = 0;
    const deps = () => ({
      db: ctx.app.deps.database.db,
      storage: ctx.app.deps.storage,
      publicUrl: 'http://x',
      quotaBytes: ctx.app.deps.config.storage.quotaBytes,
    });

    beforeAll(async () => {
      target = createServer((_request, response) => {
        targetHits += 1;
        response.writeHead(200, { 'content-type': 'image/png' }).end();
      });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
      const targetPort = (target.address() as AddressInfo).port;
      redirector = createServer((_request, response) => {
        response.writeHead(302, { location: `http://127.0.0.1:${targetPort}/` }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
      redirectorPort = (redirector.address() as AddressInfo).port;
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      imageServer = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      });
      await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
      imagePort = (imageServer.address() as AddressInfo).port;
    });
    afterAll(async () => {
      for (const server of [target, redirector, imageServer]) {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('the test policy does reach a loopback server (so the next test proves something)', async () => {
      const url = await importRemoteImageWith(
        deps(),
        { ownerId: merchant.userId, url: `http://127.0.0.1:${imagePort}/logo.png` },
        loopbackAllowed,
      );
      expect(url).toMatch(/\/api\/files\/[0-9a-f-]{36}$/);
    });

    it('does not follow a 302 to an internal address: refused, and the canary receives nothing', async () => {
      const before = await storedFiles();
      await expect(
        importRemoteImageWith(
          deps(),
          { ownerId: merchant.userId, url: `http://127.0.0.1:${redirectorPort}/logo.png` },
          loopbackAllowed,
        ),
      ).rejects.toMatchObject({ statusCode: 400, message: REMOTE_IMAGE_REFUSED });
      expect(targetHits).toBe(0);
      expect(await storedFiles()).toBe(before);
    });
  });
});
