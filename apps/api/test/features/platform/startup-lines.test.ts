import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { mailboxKey } from '../../../src/features/sandbox/mailbox-key.ts';
import { startupLines } from '../../../src/startup-lines.ts';
import { buildTestApp, type TestContext } from '../../helper.ts';

/* The plain lines the server prints once it listens, before any JSON request log line. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('start-up lines', () => {
  it('say where to go, that it is test mode, and give the mailbox link with its key, as plain text', () => {
    const lines = startupLines(ctx.app.deps);
    expect(lines).toEqual([
      'Bizdash is running at http://localhost:8080',
      'Test mode: on (sandbox providers or a Paystack test key, no real money moves)',
      `Sandbox mailbox: http://localhost:8080/sandbox/mailbox#key=${mailboxKey(ctx.app.deps)}`,
      'API reference: http://localhost:8080/api/docs',
    ]);
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
  });

  it('with PUBLIC_URL, name it and the address the server listens on', () => {
    const { publicUrl, publicUrlIsSet } = loadConfig({
      PUBLIC_URL: 'https://dash.bizdash.example/',
      PORT: '9090',
    });
    const config = { ...ctx.app.deps.config, publicUrl, publicUrlIsSet, port: 9090 };
    expect(startupLines({ ...ctx.app.deps, config })[0]).toBe(
      'Bizdash is running at https://dash.bizdash.example (listening on 0.0.0.0:9090)',
    );
  });

  it('say test mode is off, with no mailbox, when the money providers are live', () => {
    const email = { ...ctx.app.deps.email, provider: 'smtp' as const };
    expect(startupLines({ ...ctx.app.deps, testMode: false, email })).toEqual([
      'Bizdash is running at http://localhost:8080',
      'Test mode: off (card payments, name enquiry and payouts are live: real money moves)',
      'API reference: http://localhost:8080/api/docs',
    ]);
  });
});
