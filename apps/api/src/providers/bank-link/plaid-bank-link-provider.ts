import { createHash } from 'node:crypto';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import type { PlaidApi } from 'plaid';
import { z } from 'zod';
import { constantTimeEqual } from '../../lib/constant-time.ts';
import { loadOnce } from '../../lib/load-once.ts';
import { CallbackRefused } from '../identity/identity-types.ts';
import type { BankLinkProvider } from './bank-link-provider.ts';

interface PlaidSettings {
  clientId: string;
  secret: string;
  /** https://sandbox.plaid.com or https://production.plaid.com (or a stand-in, in tests). */
  basePath: string;
}

/** How long the hosted link stays usable (Plaid's own link token lasts four hours). */
const URL_LIFETIME_SECONDS = 4 * 60 * 60;
/** Plaid signs each webhook with an ES256 JWT whose iat must be recent. */
const MAX_WEBHOOK_AGE = '5 min';

/** Every Plaid webhook names its kind; all of them come to the one URL given at /link/token/create. */
const PlaidWebhookSchema = z.object({ webhook_type: z.string().min(1), webhook_code: z.string().min(1) });

const SessionFinishedSchema = z.object({
  status: z.string(),
  link_token: z.string().min(1),
  public_token: z.string().min(1).optional(),
  public_tokens: z.array(z.string().min(1)).optional(),
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A failed Plaid call, told without the client's request (whose headers hold the secret): the endpoint, the
 * status and Plaid's own error code and request id, which is what Plaid support asks for.
 */
class PlaidCallFailed extends Error {
  constructor(
    endpoint: string,
    readonly status: number | null,
    code: string | null,
    requestId: string | null,
  ) {
    super(
      `Plaid ${endpoint} failed: ${status ?? 'no answer'} ${code ?? ''} (request ${requestId ?? 'unknown'})`,
    );
    this.name = 'PlaidCallFailed';
  }
}

async function plaidCall<T>(endpoint: string, call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await call()).data;
  } catch (error) {
    const response = (error as { response?: { status?: number; data?: Record<string, unknown> } }).response;
    const field = (name: string) =>
      typeof response?.data?.[name] === 'string' ? String(response.data[name]) : null;
    throw new PlaidCallFailed(endpoint, response?.status ?? null, field('error_code'), field('request_id'));
  }
}

/** A Plaid answer that says the request itself is wrong (an unknown or used token), not that Plaid is down. */
function isPlaidRefusal(error: unknown) {
  return (
    error instanceof PlaidCallFailed && error.status !== null && error.status >= 400 && error.status < 500
  );
}

/** Why an account whose number the bank tokenized (Chase, PNC, US Bank over OAuth) is not added. */
const tokenizedRefusal = (institution: string) =>
  `${institution} shares a tokenized account number instead of the real one, and it stops working once the bank connection ends, which Bizdash does right after reading the numbers. Link a checking or savings account at a bank that shares its account number.`;

/**
 * Plaid Hosted Link (BANK_LINK_PROVIDER=plaid), through Plaid's official client: a link token with `hosted_link`
 * (Auth product, US), every webhook verified as Plaid documents it (ES256 JWT in Plaid-Verification whose key comes
 * from /webhook_verification_key/get, iat within 5 minutes, the body's SHA-256 in the claims). Only a successful
 * LINK SESSION_FINISHED is acted on; Plaid's other webhooks to the same URL (LINK EVENTS, ITEM_ADD_RESULT, ITEM,
 * AUTH, a session the merchant left) are acknowledged and ignored, so Plaid does not retry them. The public token
 * is exchanged and /auth/get read once for the account and routing numbers; the access token is not kept and the
 * item is removed (/item/remove): the numbers are all a payout needs. That is why a tokenized account number is
 * refused: it is disabled when the item's consent ends.
 */
export function createPlaidBankLinkProvider(settings: PlaidSettings): BankLinkProvider {
  // Plaid's client (88 MiB) is loaded at the first bank link, not at start.
  const plaid = loadOnce(async () => {
    const { Configuration, CountryCode, PlaidApi, Products } = await import('plaid');
    const client = new PlaidApi(
      new Configuration({
        basePath: settings.basePath,
        baseOptions: {
          timeout: 10_000,
          headers: {
            'PLAID-CLIENT-ID': settings.clientId,
            'PLAID-SECRET': settings.secret,
            'Plaid-Version': '2020-09-14',
          },
        },
      }),
    );
    return { client, auth: Products.Auth, us: CountryCode.Us };
  });
  const keys = new Map<string, Awaited<ReturnType<typeof importJWK>>>();

  async function verificationKey(kid: string) {
    const known = keys.get(kid);
    if (known) return known;
    let jwk: JWK & { expired_at?: number | null };
    const { client } = await plaid();
    try {
      jwk = (
        await plaidCall('/webhook_verification_key/get', () =>
          client.webhookVerificationKeyGet({ key_id: kid }),
        )
      ).key as typeof jwk;
    } catch (error) {
      if (isPlaidRefusal(error)) throw new CallbackRefused('The callback signature is not valid.');
      throw error;
    }
    if (jwk.expired_at) throw new CallbackRefused('The callback signature is not valid.');
    const key = await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, 'ES256');
    keys.set(kid, key);
    return key;
  }

  return {
    name: 'plaid',

    async createLink({ userId, clientName, completionRedirectUrl, callbackUrl }) {
      const { client, auth, us } = await plaid();
      const data = await plaidCall('/link/token/create', () =>
        client.linkTokenCreate({
          user: { client_user_id: userId },
          client_name: clientName,
          products: [auth],
          country_codes: [us],
          language: 'en',
          webhook: callbackUrl,
          hosted_link: {
            completion_redirect_uri: completionRedirectUrl,
            url_lifetime_seconds: URL_LIFETIME_SECONDS,
          },
        }),
      );
      if (!data.hosted_link_url) throw new Error('Plaid answered no hosted link URL');
      return {
        hostedLinkUrl: data.hosted_link_url,
        providerReference: data.link_token,
        expiresAt: new Date(data.expiration),
      };
    },

    async verifyCallback({ rawBody, headers }) {
      const token = headers['plaid-verification'];
      if (typeof token !== 'string' || token === '') {
        throw new CallbackRefused('The callback is missing its signature headers.');
      }
      let kid: string | undefined;
      try {
        const header = decodeProtectedHeader(token);
        if (header.alg !== 'ES256') throw new Error('not ES256');
        kid = header.kid;
      } catch {
        throw new CallbackRefused('The callback signature is not valid.');
      }
      if (!kid) throw new CallbackRefused('The callback signature is not valid.');
      const key = await verificationKey(kid);
      let claims: Record<string, unknown>;
      try {
        claims = (await jwtVerify(token, key, { algorithms: ['ES256'], maxTokenAge: MAX_WEBHOOK_AGE }))
          .payload;
      } catch {
        throw new CallbackRefused('The callback signature is not valid.');
      }
      if (
        typeof claims.request_body_sha256 !== 'string' ||
        !constantTimeEqual(claims.request_body_sha256, sha256(rawBody))
      ) {
        throw new CallbackRefused('The callback signature is not valid.');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new CallbackRefused('The callback body is not JSON.');
      }
      const kind = PlaidWebhookSchema.safeParse(body);
      if (!kind.success) throw new CallbackRefused('The callback body is not a Plaid webhook.');
      if (kind.data.webhook_type !== 'LINK' || kind.data.webhook_code !== 'SESSION_FINISHED') return null;
      const parsed = SessionFinishedSchema.safeParse(body);
      if (!parsed.success) throw new CallbackRefused('The callback body is not a finished link session.');
      // The merchant left the hosted page: nothing to add, and the link stays open for another try.
      if (parsed.data.status.toUpperCase() !== 'SUCCESS') return null;
      const publicToken = parsed.data.public_tokens?.[0] ?? parsed.data.public_token;
      if (!publicToken) throw new CallbackRefused('The link session did not finish with an account.');
      // Plaid's webhooks carry no id of their own: the signed token is unique to each delivery.
      return { callbackId: sha256(token), providerReference: parsed.data.link_token, publicToken };
    },

    async exchange(publicToken) {
      const { client } = await plaid();
      let accessToken: string;
      try {
        accessToken = (
          await plaidCall('/item/public_token/exchange', () =>
            client.itemPublicTokenExchange({ public_token: publicToken }),
          )
        ).access_token;
      } catch (error) {
        if (isPlaidRefusal(error)) {
          throw new CallbackRefused('The public token is not valid or was already exchanged.');
        }
        throw error;
      }
      let data: Awaited<ReturnType<PlaidApi['authGet']>>['data'];
      try {
        data = await plaidCall('/auth/get', () => client.authGet({ access_token: accessToken }));
      } finally {
        // Nothing else is ever asked of this item: it is removed at Plaid (its advice for items no longer
        // needed), whether the numbers came or not. A removal that fails leaves an idle item, nothing worse.
        await client.itemRemove({ access_token: accessToken }).catch(() => undefined);
      }
      const eligible = data.accounts.flatMap((account) => {
        const subtype = account.subtype;
        const numbers = data.numbers.ach.find((ach) => ach.account_id === account.account_id);
        return (subtype === 'checking' || subtype === 'savings') && numbers
          ? [{ account, subtype, numbers }]
          : [];
      });
      const usable = eligible.find(({ numbers }) => !numbers.is_tokenized_account_number);
      if (!usable) {
        throw new CallbackRefused(
          eligible.length > 0
            ? tokenizedRefusal(data.item.institution_name || 'Your bank')
            : 'The linked bank has no checking or savings account with ACH numbers.',
        );
      }
      return {
        institutionName: data.item.institution_name || 'US bank',
        accountHolderName: null,
        accountNumber: usable.numbers.account,
        routingNumber: usable.numbers.routing,
        accountType: usable.subtype,
        providerReference: usable.account.account_id,
      };
    },

    sandbox: null,
  };
}
