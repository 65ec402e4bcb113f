import type { IncomingHttpHeaders } from 'node:http';
import type { UsdAccountType } from '@bizdash/shared';
import type { Config } from '../../config.ts';
import type { SandboxBankLinkPage } from './sandbox-bank-link-page.ts';

/** A bank account the merchant linked, as the provider hands it over (numbers whole: they are sealed at once). */
interface LinkedAccount {
  institutionName: string;
  /** The name the bank holds the account under; null when the provider does not say (Plaid's Auth product). */
  accountHolderName: string | null;
  accountNumber: string;
  /** The ABA routing number. */
  routingNumber: string;
  accountType: UsdAccountType;
  /** The provider's id of the account. */
  providerReference: string;
}

/** A provider's callback once its signature, timestamp and shape were checked: the link it finished, and how. */
interface BankLinkCallback {
  /** The provider's id of this callback: seen twice, it is a replay. */
  callbackId: string;
  /** The provider's id of the link (what createLink answered as providerReference). */
  providerReference: string;
  /** What exchange trades for the account, once. */
  publicToken: string;
}

/**
 * A bank-link provider (Plaid Hosted Link for real): the merchant signs in to their bank on the provider's hosted
 * page, and the provider tells us in a signed callback, whose public token we exchange for the account's numbers.
 * Adding a provider is one file implementing this, plus its line in providers/registry.ts and its name in
 * config's BANK_LINK_PROVIDER.
 */
export interface BankLinkProvider {
  readonly name: Config['banks']['linkProvider'];
  /** Opens a hosted link; the merchant completes it at hostedLinkUrl (absolute, or a path of this app). */
  createLink(request: {
    linkId: string;
    userId: string;
    /** Shown on the hosted page: who asks for the account. */
    clientName: string;
    /** Where the hosted page sends the merchant once done (absolute). */
    completionRedirectUrl: string;
    /** Where the provider posts its callback (absolute). */
    callbackUrl: string;
  }): Promise<{ hostedLinkUrl: string; providerReference: string; expiresAt: Date }>;
  /**
   * Checks a callback exactly as received (raw body and headers); throws CallbackRefused if it fails. Null for a
   * genuine callback with nothing to apply (another kind of notice the provider sends to the same URL).
   */
  verifyCallback(request: {
    rawBody: string;
    headers: IncomingHttpHeaders;
  }): Promise<BankLinkCallback | null>;
  /** Trades a callback's public token for the linked account; a token is good once (CallbackRefused after). */
  exchange(publicToken: string): Promise<LinkedAccount>;
  /** The sandbox's own hosted page backend, served by this app; null for a real provider. */
  readonly sandbox: SandboxBankLinkPage | null;
}
