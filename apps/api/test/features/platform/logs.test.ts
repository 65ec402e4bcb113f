import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';

/** What the server would have written to its log, at the production level (info). */
describe('log lines', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  const lines: string[] = [];
  const logged = () => lines.join('\n');

  beforeAll(async () => {
    ctx = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    merchant = await signUpMerchant(ctx.app, { firstName: 'Chiamaka', phoneNumber: '08039998877' });
  });
  afterAll(() => ctx.close());

  it('never carry the start-up hand-over token from an address', async () => {
    await ctx.app.inject({ url: `/dashboard?token=${merchant.token}&id=${merchant.userId}&tab=recent` });

    expect(logged()).toContain('/dashboard?token=%5Bredacted%5D');
    expect(logged()).not.toContain(merchant.token);
    expect(logged()).not.toContain(merchant.token.split('.')[1]);
  });

  it('never carry an email address from a query string, even when the request fails', async () => {
    await ctx.app.inject({ url: `/api/users/otp?email=${encodeURIComponent(merchant.email)}` });
    await ctx.app.inject({
      url: `/api/users/otp?email=${encodeURIComponent('someone.else@example.com')}`,
      headers: bearer(merchant.token),
    });

    expect(logged()).not.toContain(merchant.email);
    expect(logged()).not.toContain('someone.else');
  });

  it('never carry an emailed verification code at info level', async () => {
    const sent = await ctx.app.inject({
      url: `/api/users/otp?email=${encodeURIComponent(merchant.email)}`,
      headers: bearer(merchant.token),
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await ctx.app.deps.email.mailbox(merchant.email);
    const code = mail?.subject.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();

    expect(logged()).not.toContain(code);
    expect(logged()).not.toContain('Chiamaka');
    expect(logged()).not.toContain('08039998877');
  });

  it('say each request once, when it is answered: method, address, status and time taken', async () => {
    const before = lines.length;
    await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'health-check-0001' } });
    const mine = lines
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.reqId === 'health-check-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('keep harmless paging values, so a slow page can still be told apart', async () => {
    await ctx.app.inject({ url: '/api/products?page=3&size=20', headers: bearer(merchant.token) });

    expect(logged()).toContain('/api/products?page=3&size=20');
  });

  it('are all written, in order, by the time the app has closed, even those logged just before', async () => {
    const file = path.join(os.tmpdir(), `bizdash-log-${randomUUID()}.log`);
    const closing = await buildTestApp({ logLevel: 'info' }, { logFile: file });
    try {
      for (let line = 1; line <= 2_000; line++) closing.app.log.info({ line }, 'a busy moment');
      closing.app.log.info('the last line before closing');
      await closing.close();

      const written = (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const busy = written.filter((entry) => entry.msg === 'a busy moment').map((entry) => entry.line);
      expect(busy).toEqual(Array.from({ length: 2_000 }, (_, index) => index + 1));
      expect(written.map((entry) => entry.msg)).toContain('the last line before closing');
    } finally {
      await rm(file, { force: true });
    }
  });
});
