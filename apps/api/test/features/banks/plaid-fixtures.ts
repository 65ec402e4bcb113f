import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, SignJWT } from 'jose';

/*
 * A stand-in for Plaid's API on loopback: /link/token/create (with hosted_link), /item/public_token/exchange,
 * /auth/get, /item/remove, and /webhook_verification_key/get for the webhooks' key.
 */
export const CLIENT_ID = 'test-client-id';
export const SECRET = 'test-secret';
const KID = 'plaid-test-key';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface FakePlaid {
  url: string;
  linkRequests: Record<string, unknown>[];
  /** Access tokens whose item was removed. */
  removedItems: string[];
  /** Public tokens the stand-in issued for a finished session; each exchanges once. */
  issue(): string;
  /**
   * While true, /auth/get answers as Chase does over OAuth: a 17-digit tokenized account number (TAN) and its
   * own routing number, `is_tokenized_account_number: true`, the real number's last four only in `mask`.
   */
  tokenizedNumbers: boolean;
  close(): Promise<void>;
}

/** /auth/get's answer: a CD (no ACH numbers) and the checking account, plainly numbered or tokenized. */
function authAnswer(tokenized: boolean) {
  return {
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
        tokenized
          ? {
              account_id: 'acc-checking',
              account: '00012345678901234',
              routing: '322271627',
              wire_routing: null,
              is_tokenized_account_number: true,
            }
          : {
              account_id: 'acc-checking',
              account: '9900009606',
              routing: '011401533',
              wire_routing: '021000021',
              is_tokenized_account_number: false,
            },
      ],
      eft: [],
      international: [],
      bacs: [],
    },
    item: { item_id: 'item-1', institution_id: 'ins_56', institution_name: 'Chase' },
  };
}

export async function startFakePlaid(publicJwk: Record<string, unknown>): Promise<FakePlaid> {
  const publicTokens = new Set<string>();
  const plaid: Omit<FakePlaid, 'url' | 'close'> = {
    linkRequests: [],
    removedItems: [],
    tokenizedNumbers: false,
    issue: () => {
      const token = `public-sandbox-${randomUUID()}`;
      publicTokens.add(token);
      return token;
    },
  };
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
          plaid.linkRequests.push(body);
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
          return answer(200, authAnswer(plaid.tokenizedNumbers));
        case '/item/remove':
          plaid.removedItems.push(String(body.access_token));
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
  return Object.assign(plaid, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A webhook body as Plaid posts it: signed with an ES256 JWT in Plaid-Verification over the body's SHA-256. */
export async function signedWebhook(
  payload: Record<string, unknown>,
  { key, issuedAt = new Date() }: { key: CryptoKey; issuedAt?: Date },
) {
  const body = JSON.stringify({ environment: 'sandbox', ...payload });
  const jwt = await new SignJWT({ request_body_sha256: sha256(body) })
    .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .sign(key);
  return { headers: { 'content-type': 'application/json', 'plaid-verification': jwt }, body };
}
