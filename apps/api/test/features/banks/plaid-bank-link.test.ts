import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
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

/*
 * The Plaid adapter through the app, against a stand-in for Plaid's API on loopback: /link/token/create (with
 * hosted_link), /item/public_token/exchange, /auth/get, /item/remove, and /webhook_verification_key/get for the
 * webhook's key.
 */
const CLIENT_ID = 'test-client-id';
const SECRET = 'test-secret';
const KID = 'plaid-test-key';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface FakePlaid {
  url: string;
  linkRequests: Record<string, unknown>[];
  /** Access tokens whose item was removed. */
  removedItems: string[];
  /** Public tokens the stand-in issued for a finished session; each exchanges once. */
  issue(): string;
  close(): Promise<void>;
}

async function startFakePlaid(publicJwk: Record<string, unknown>): Promise<FakePlaid> {
  const linkRequests: Record<string, unknown>[] = [];
  const removedItems: string[] = [];
  const publicTokens = new Set<string>();
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const answer = (status: number, json: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ request_id: randomUUID(), ...json }));
      };
      if (request.headers['plaid-client-id'] !== CLIENT_ID || request.headers['plaid-secret'] !== SECRET) {
        return answer(400, { error_type: 'INVALID_INPUT', error_code: 'INVALID_API_KEYS' });
      }
      switch (request.url) {
        case '/link/token/create': {
          linkRequests.push(body);
          const token = `link-sandbox-${randomUUID()}`;
          return answer(200, {
            link_token: token,
            expiration: new Date(Date.now() + 4 * 3_600_000).toISOString(),
            hosted_link_url: `https://hosted.plaid.com/link/${token}`,
          });
        }
        case '/item/public_token/exchange': {
          const token = String(body.public_token);
          if (!publicTokens.delete(token)) {
            return answer(400, { error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN' });
          }
          return answer(200, { access_token: `access-${token}`, item_id: 'item-1' });
        }
        case '/auth/get':
          return answer(200, {
            accounts: [
              { account_id: 'acc-cd', type: 'depository', subtype: 'cd', mask: '2222', name: 'Plaid CD' },
              {
                account_id: 'acc-checking',
                type: 'depository',
                subtype: 'checking',
                mask: '0000',
                name: 'Plaid Checking',
              },
            ],
            numbers: {
              ach: [
                {
                  account_id: 'acc-checking',
                  account: '9900009606',
                  routing: '011401533',
                  wire_routing: '021000021',
                },
              ],
              eft: [],
              international: [],
              bacs: [],
            },
            item: { item_id: 'item-1', institution_id: 'ins_56', institution_name: 'Chase' },
          });
        case '/item/remove':
          removedItems.push(String(body.access_token));
          return answer(200, {});
        case '/webhook_verification_key/get':
          return body.key_id === KID
            ? answer(200, {
                key: { ...publicJwk, kid: KID, alg: 'ES256', use: 'sig', created_at: 1, expired_at: null },
              })
            : answer(400, { error_type: 'INVALID_INPUT', error_code: 'INVALID_WEBHOOK_VERIFICATION_KEY_ID' });
        default:
          return answer(404, { error_type: 'INVALID_REQUEST', error_code: 'NOT_FOUND' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    linkRequests,
    removedItems,
    issue: () => {
      const token = `public-sandbox-${randomUUID()}`;
      publicTokens.add(token);
      return token;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

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
async function sessionFinished(
  linkToken: string,
  { status = 'SUCCESS', publicToken = plaid.issue(), key = keys.privateKey, issuedAt = new Date() } = {},
) {
  const body = JSON.stringify({
    webhook_type: 'LINK',
    webhook_code: 'SESSION_FINISHED',
    status,
    link_session_id: randomUUID(),
    link_token: linkToken,
    public_tokens: [publicToken],
    environment: 'sandbox',
  });
  const jwt = await new SignJWT({ request_body_sha256: sha256(body) })
    .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .sign(key);
  return { headers: { 'content-type': 'application/json', 'plaid-verification': jwt }, body };
}

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

  it('adds nothing for a session the merchant left, or a public token Plaid does not know', async () => {
    const { linkToken } = await startLink();
    const before = await accountsOf(merchant.userId);
    const exited = await post(await sessionFinished(linkToken, { status: 'EXITED' }));
    expect(exited.statusCode).toBe(400);
    const unknown = await post(
      await sessionFinished(linkToken, { publicToken: 'public-sandbox-never-issued' }),
    );
    expect(unknown.json().error).toBe('The public token is not valid or was already exchanged.');
    expect(await accountsOf(merchant.userId)).toBe(before);
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
