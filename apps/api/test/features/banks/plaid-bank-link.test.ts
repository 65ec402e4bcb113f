import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { listAccounts } from './bank-fixtures.ts';
import { CLIENT_ID, type FakePlaid, SECRET, signedWebhook, startFakePlaid } from './plaid-fixtures.ts';

/* The Plaid adapter through the app, against the stand-in for Plaid's API (plaid-fixtures.ts). */

let ctx: TestContext;
let plaid: FakePlaid;
let merchant: Merchant;
const keys = await generateKeyPair('ES256');
const otherKeys = await generateKeyPair('ES256');

beforeAll(async () => {
  plaid = await startFakePlaid(await exportJWK(keys.publicKey));
  ctx = await buildTestApp({
    banks: {
      directoryProvider: 'sandbox',
      linkProvider: 'plaid',
      linkCallbackSecret: null,
      plaid: { clientId: CLIENT_ID, secret: SECRET, basePath: plaid.url },
    },
  });
  merchant = await signUpMerchant(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await plaid.close();
});

/** What Plaid sends when a hosted link session ends: the body, signed as Plaid signs it. */
const sessionFinished = (
  linkToken: string,
  { status = 'SUCCESS', publicToken = plaid.issue(), key = keys.privateKey, issuedAt = new Date() } = {},
) =>
  signedWebhook(
    {
      webhook_type: 'LINK',
      webhook_code: 'SESSION_FINISHED',
      status,
      link_session_id: randomUUID(),
      link_token: linkToken,
      public_tokens: [publicToken],
    },
    { key, issuedAt },
  );

const post = (callback: { headers: Record<string, string>; body: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/bank/link/callback',
    headers: callback.headers,
    payload: callback.body,
  });
const accountsOf = (userId: string) =>
  countRows(ctx.app, sql`select count(*) as n from bank_accounts where user_id = ${userId}`);

async function startLink() {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/plaid/link',
    headers: bearer(merchant.token),
    payload: { userRecordId: merchant.userId },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { hostedLinkUrl } = response.json() as { hostedLinkUrl: string };
  return { hostedLinkUrl, linkToken: hostedLinkUrl.split('/').pop() ?? '' };
}

describe('the Plaid bank link (BANK_LINK_PROVIDER=plaid)', () => {
  it("answers Plaid's hosted link, asked for with Auth, our webhook and the way back to the settlement screen", async () => {
    const { hostedLinkUrl } = await startLink();
    expect(hostedLinkUrl).toMatch(/^https:\/\/hosted\.plaid\.com\/link\/link-sandbox-/);
    expect(plaid.linkRequests.at(-1)).toMatchObject({
      user: { client_user_id: merchant.userId },
      client_name: 'Bizdash',
      products: ['auth'],
      country_codes: ['US'],
      webhook: expect.stringMatching(/\/api\/bank\/link\/callback$/),
      hosted_link: { completion_redirect_uri: expect.stringMatching(/\/settings\/settlement-account$/) },
    });
  });

  it('gives Plaid the webhook and the way back on PUBLIC_URL, whatever Host the merchant sent', async () => {
    const publicApp = await buildTestApp({
      publicUrl: 'https://dash.bizdash.example',
      publicUrlIsSet: true,
      banks: {
        directoryProvider: 'sandbox',
        linkProvider: 'plaid',
        linkCallbackSecret: null,
        plaid: { clientId: CLIENT_ID, secret: SECRET, basePath: plaid.url },
      },
    });
    try {
      const someone = await signUpMerchant(publicApp.app);
      const response = await publicApp.app.inject({
        method: 'POST',
        url: '/api/users/plaid/link',
        headers: { ...bearer(someone.token), host: 'shop-attacker.example' },
        payload: { userRecordId: someone.userId },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(plaid.linkRequests.at(-1)).toMatchObject({
        webhook: 'https://dash.bizdash.example/api/bank/link/callback',
        hosted_link: { completion_redirect_uri: 'https://dash.bizdash.example/settings/settlement-account' },
      });
    } finally {
      await publicApp.close();
    }
  });

  it('adds the checking account of a finished session once: numbers sealed, a replay refused', async () => {
    const { linkToken } = await startLink();
    const publicToken = plaid.issue();
    const callback = await sessionFinished(linkToken, { publicToken });
    const before = await accountsOf(merchant.userId);
    const response = await post(callback);
    expect(response.statusCode, response.body).toBe(200);
    expect(await accountsOf(merchant.userId)).toBe(before + 1);

    const [account] = await listAccounts(ctx.app, merchant);
    expect(account).toMatchObject({ accountNumberMasked: '****9606', status: 'ACTIVE' });
    const [row] = await sqlRows<Record<string, string>>(
      ctx.app,
      sql`select * from bank_accounts where id = ${account?.recordId ?? ''}`,
    );
    expect(row).toMatchObject({
      bank_name: 'Chase',
      currency: 'USD',
      account_type: 'checking',
      source: 'bank_link:plaid',
    });
    const context = `bank-account:${row?.id}`;
    expect(ctx.app.deps.secretBox.open(String(row?.account_number_sealed), context)).toBe('9900009606');
    expect(ctx.app.deps.secretBox.open(String(row?.routing_number_sealed), context)).toBe('011401533');

    // The numbers read, the item is removed at Plaid: nothing keeps an access token.
    expect(plaid.removedItems).toEqual([`access-${publicToken}`]);

    const replay = await post(callback);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('CALLBACK_REPLAYED');
    expect(await accountsOf(merchant.userId)).toBe(before + 1);
  });

  it('refuses a webhook signed with another key, changed after signing, or too old, adding nothing', async () => {
    const { linkToken } = await startLink();
    const before = await accountsOf(merchant.userId);
    const forged = await sessionFinished(linkToken, { key: otherKeys.privateKey });
    expect((await post(forged)).json()).toEqual({
      error: 'The callback signature is not valid.',
      code: 'CALLBACK_REFUSED',
    });
    const signed = await sessionFinished(linkToken);
    const tampered = { ...signed, body: signed.body.replace('SUCCESS', 'SUCCESS ') };
    expect((await post(tampered)).statusCode).toBe(400);
    const stale = await sessionFinished(linkToken, { issuedAt: new Date(Date.now() - 10 * 60_000) });
    expect((await post(stale)).statusCode).toBe(400);
    const unsigned = await post({ headers: { 'content-type': 'application/json' }, body: signed.body });
    expect(unsigned.json().error).toBe('The callback is missing its signature headers.');
    expect(await accountsOf(merchant.userId)).toBe(before);
  });

  it('adds nothing for a session the merchant left (acknowledged), or a public token Plaid does not know', async () => {
    const { linkToken } = await startLink();
    const before = await accountsOf(merchant.userId);
    const exited = await post(await sessionFinished(linkToken, { status: 'EXITED' }));
    expect(exited.statusCode).toBe(200);
    expect(exited.json()).toEqual({ received: true, applied: false });
    const unknown = await post(
      await sessionFinished(linkToken, { publicToken: 'public-sandbox-never-issued' }),
    );
    expect(unknown.json().error).toBe('The public token is not valid or was already exchanged.');
    expect(await accountsOf(merchant.userId)).toBe(before);
  });

  it("acknowledges Plaid's other webhooks to the same URL with 200 once verified, and changes nothing", async () => {
    const { linkToken } = await startLink();
    const before = await accountsOf(merchant.userId);
    const others = [
      { webhook_type: 'LINK', webhook_code: 'EVENTS', link_token: linkToken, events: [] },
      {
        webhook_type: 'LINK',
        webhook_code: 'ITEM_ADD_RESULT',
        link_token: linkToken,
        public_token: plaid.issue(),
      },
      { webhook_type: 'ITEM', webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED', item_id: 'item-1', error: null },
      { webhook_type: 'ITEM', webhook_code: 'USER_PERMISSION_REVOKED', item_id: 'item-1', error: null },
      {
        webhook_type: 'AUTH',
        webhook_code: 'DEFAULT_UPDATE',
        item_id: 'item-1',
        account_ids_with_new_auth: [],
      },
    ];
    for (const payload of others) {
      const response = await post(await signedWebhook(payload, { key: keys.privateKey }));
      expect(response.statusCode, payload.webhook_code).toBe(200);
      expect(response.json()).toEqual({ received: true, applied: false });
    }
    expect(await accountsOf(merchant.userId)).toBe(before);
    const [link] = await sqlRows<{ status: string }>(
      ctx.app,
      sql`select status from bank_links where provider_reference = ${linkToken}`,
    );
    expect(link?.status).toBe('OPEN');
  });

  it('verifies those webhooks before ignoring them: unsigned, forged or not a Plaid webhook is 400', async () => {
    const events = { webhook_type: 'LINK', webhook_code: 'EVENTS', link_token: 'link-sandbox-x', events: [] };
    const forged = await signedWebhook(events, { key: otherKeys.privateKey });
    expect((await post(forged)).json()).toEqual({
      error: 'The callback signature is not valid.',
      code: 'CALLBACK_REFUSED',
    });
    const unsigned = await post({ headers: { 'content-type': 'application/json' }, body: forged.body });
    expect(unsigned.statusCode).toBe(400);
    const notPlaid = await post(await signedWebhook({ hello: 'world' }, { key: keys.privateKey }));
    expect(notPlaid.json()).toEqual({
      error: 'The callback body is not a Plaid webhook.',
      code: 'CALLBACK_REFUSED',
    });
  });

  it('refuses a tokenized account number (Chase over OAuth): nothing added, the item removed, the reason said', async () => {
    const { linkToken } = await startLink();
    const before = await accountsOf(merchant.userId);
    const publicToken = plaid.issue();
    plaid.tokenizedNumbers = true;
    try {
      const response = await post(await sessionFinished(linkToken, { publicToken }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error:
          'Chase shares a tokenized account number instead of the real one, and it stops working once the bank connection ends, which Bizdash does right after reading the numbers. Link a checking or savings account at a bank that shares its account number.',
        code: 'CALLBACK_REFUSED',
      });
    } finally {
      plaid.tokenizedNumbers = false;
    }
    expect(await accountsOf(merchant.userId)).toBe(before);
    expect(plaid.removedItems).toContain(`access-${publicToken}`);
  });

  it('says the link could not be opened when Plaid refuses (wrong keys), and logs why', async () => {
    const lines: string[] = [];
    const wrongKeys = await buildTestApp(
      {
        logLevel: 'error',
        banks: {
          directoryProvider: 'sandbox',
          linkProvider: 'plaid',
          linkCallbackSecret: null,
          plaid: { clientId: CLIENT_ID, secret: 'not-the-secret', basePath: plaid.url },
        },
      },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const someone = await signUpMerchant(wrongKeys.app);
      const response = await wrongKeys.app.inject({
        method: 'POST',
        url: '/api/users/plaid/link',
        headers: bearer(someone.token),
        payload: { userRecordId: someone.userId },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: 'The bank link could not be opened just now. Please try again.',
        code: 'BANK_LINK_UNAVAILABLE',
      });
      expect(lines.join('')).toContain('the bank-link provider did not open a link');
      expect(lines.join('')).not.toContain('not-the-secret');
    } finally {
      await wrongKeys.close();
    }
  });
});
