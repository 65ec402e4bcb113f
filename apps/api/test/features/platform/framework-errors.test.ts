import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { buildTestApp, type TestContext } from '../../helper.ts';

/*
 * What the framework and Node's HTTP parser refuse, before or around the API's own rules, answers in the API's
 * shape { error, code } with a code of the API's (never Fastify's FST_ ones) and a sentence.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const signIn = (contentType: string, payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { 'content-type': contentType },
    payload,
  });

describe('framework errors in the API shape', () => {
  it.each([
    ['/api/%E0%A4%A', 'a cut UTF-8 escape'],
    ['/api/products/%zz', 'a percent sign without hex digits'],
    ['/api/products/%', 'a bare percent sign'],
  ])('%s (%s) is 400 BAD_URL', async (url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The address is not a valid URL: a percent sign must start a complete UTF-8 escape such as %20.',
      code: 'BAD_URL',
    });
  });

  it('a path part longer than the router takes is 414 URL_TOO_LONG', async () => {
    const response = await ctx.app.inject({ url: `/api/products/${'a'.repeat(200)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'A part of the address is too long.', code: 'URL_TOO_LONG' });
  });

  it('broken JSON is 400 INVALID_JSON, and so is an empty body said to be JSON', async () => {
    const broken = await signIn('application/json', '{"email": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
    const empty = await signIn('application/json', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'The request body is empty, but its Content-Type says JSON: send a JSON body.',
      code: 'INVALID_JSON',
    });
  });

  it('a body of a type no route reads is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await signIn('text/xml', '<signin/>');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error:
        'This Content-Type is not accepted here: send application/json (multipart/form-data for uploads).',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await signIn('application/json', JSON.stringify({ email: 'x'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe("what Node's HTTP parser refuses", () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
  const raw = (bytes: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body });
      });
    });

  it('an address past the header size limit is 431 HEADERS_TOO_LARGE', async () => {
    const answer = await raw(`GET /api/products?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'The request headers (or its address) are too large.',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('bytes that are not HTTP are 400 BAD_REQUEST', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The request is not valid HTTP.', code: 'BAD_REQUEST' });
  });
});

describe('security headers', () => {
  it("X-Frame-Options says DENY, as the policy's frame-ancestors 'none' does", async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('HSTS is not sent over plain HTTP, nor for an X-Forwarded-Proto nobody trusts', async () => {
    const plain = await ctx.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await ctx.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS is sent when a proxy TRUST_PROXY trusts says the request came over HTTPS', async () => {
    const behindProxy = await buildTestApp({
      trustProxy: loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy,
    });
    try {
      const https = await behindProxy.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await behindProxy.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});
