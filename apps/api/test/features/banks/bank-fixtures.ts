import { nubanCheckDigit } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import { callbackSigner } from '../../../src/providers/identity/signed-callback.ts';
import { bearer, type Merchant } from '../../helper.ts';

/** A valid NUBAN of the bank (its CBN code) for the nine-digit serial: the serial and its check digit. */
export const nubanOf = (bankCode: string, serial: string) => `${serial}${nubanCheckDigit(bankCode, serial)}`;

/** Guaranty Trust Bank: a NUBAN bank. */
export const GTB = '058';
export const GTB_ACCOUNT = nubanOf(GTB, '012345678');
/** The sandbox directory's documented unknown number at GTBank: nine zeros and the check digit. */
export const GTB_UNKNOWN = nubanOf(GTB, '000000000');

/** The callback secret the test apps run with, so tests can sign (and forge) callbacks themselves. */
export const BANK_LINK_SECRET = 'bank-link-callback-secret-for-tests-0123456789';
export const testSigner = callbackSigner(BANK_LINK_SECRET);
export const bankLinkConfig = {
  banks: {
    directoryProvider: 'sandbox' as const,
    linkProvider: 'sandbox' as const,
    linkCallbackSecret: BANK_LINK_SECRET,
    plaid: { clientId: '', secret: '', basePath: 'https://sandbox.plaid.com' },
  },
};

export const addNigeriaBank = (app: FastifyInstance, merchant: Merchant, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/bank/add-nigeria-bank',
    headers: bearer(merchant.token),
    payload,
  });

export const resolveAccount = (app: FastifyInstance, merchant: Merchant, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/bank/resolve-account',
    headers: bearer(merchant.token),
    payload,
  });

export const listAccounts = async (app: FastifyInstance, merchant: Merchant) => {
  const response = await app.inject({ url: '/api/bank/accounts', headers: bearer(merchant.token) });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json() as { recordId: string; status: string; accountNumberMasked: string }[];
};

/** Asks for a hosted link and returns its URL and the sandbox session id it carries. */
export async function startBankLink(app: FastifyInstance, merchant: Merchant) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/plaid/link',
    headers: bearer(merchant.token),
    payload: { userRecordId: merchant.userId },
  });
  if (response.statusCode !== 201) throw new Error(`link failed: ${response.statusCode} ${response.body}`);
  const { hostedLinkUrl } = response.json() as { hostedLinkUrl: string };
  const sessionId = new URL(hostedLinkUrl).searchParams.get('session') ?? '';
  return { hostedLinkUrl, sessionId };
}

export const submitBankLink = (app: FastifyInstance, sessionId: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/sandbox/bank-link/sessions/${sessionId}/submit`, payload });

export const GOOD_SIGN_IN = {
  institutionId: 'ins_109508',
  username: 'user_good',
  password: 'pass_good',
  accountType: 'checking',
} as const;
