import type { FastifyBaseLogger } from 'fastify';
import { type Config, isTestMode } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { BankDirectoryProvider } from './bank-directory/bank-directory-provider.ts';
import { createPaystackBankDirectory } from './bank-directory/paystack-bank-directory.ts';
import { createSandboxBankDirectory } from './bank-directory/sandbox-bank-directory.ts';
import type { BankLinkProvider } from './bank-link/bank-link-provider.ts';
import { createPlaidBankLinkProvider } from './bank-link/plaid-bank-link-provider.ts';
import { createSandboxBankLinkProvider } from './bank-link/sandbox-bank-link-provider.ts';
import { createEmailService, type EmailService } from './email/email-service.ts';
import { createSandboxEmailProvider } from './email/sandbox-email-provider.ts';
import { createSmtpEmailProvider } from './email/smtp-email-provider.ts';
import type { FxRatesProvider } from './fx-rates/fx-rates-provider.ts';
import { createSandboxFxRatesProvider } from './fx-rates/sandbox-fx-rates-provider.ts';
import type { IdentityProvider } from './identity/identity-provider.ts';
import { createSandboxIdentityProvider } from './identity/sandbox-identity-provider.ts';
import type { PaymentsProvider } from './payments/payments-provider.ts';
import { createPaystackPaymentsProvider } from './payments/paystack-payments-provider.ts';
import { createSandboxPaymentsProvider } from './payments/sandbox-payments-provider.ts';
import type { PayoutRailProvider } from './payout-rail/payout-rail-provider.ts';
import { createPaystackPayoutRail } from './payout-rail/paystack-payout-rail.ts';
import { createSandboxPayoutRail } from './payout-rail/sandbox-payout-rail.ts';
import { createLocalStorageProvider } from './storage/local-storage-provider.ts';
import { createS3StorageProvider } from './storage/s3-storage-provider.ts';
import type { StorageProvider } from './storage/storage-provider.ts';

interface ProviderContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}

/*
 * One table per kind of provider, keyed by the names config accepts: a name config allows without an adapter
 * here fails the type check, and a name config does not allow stops start-up with a message naming the setting.
 */
const emailProviders = {
  sandbox: ({ log }: ProviderContext) => createSandboxEmailProvider(log),
  smtp: ({ config }: ProviderContext) => createSmtpEmailProvider(config.email.smtpUrl),
} satisfies Record<Config['email']['provider'], unknown>;

const paymentsProviders = {
  sandbox: ({ config, db }: ProviderContext) =>
    createSandboxPaymentsProvider(db, {
      refundSeconds: config.checkout.sandboxRefundSeconds,
      disputeAfterSeconds: config.checkout.sandboxDisputeAfterSeconds,
      disputeReviewSeconds: config.checkout.sandboxDisputeReviewSeconds,
      disputeEvidenceSeconds: config.checkout.sandboxDisputeEvidenceHours * 3600,
    }),
  paystack: ({ config }: ProviderContext) => createPaystackPaymentsProvider(config.paystack),
} satisfies Record<Config['checkout']['paymentsProvider'], unknown>;

const identityProviders = {
  sandbox: ({ config, db }: ProviderContext) =>
    createSandboxIdentityProvider(db, config.identity.callbackSecret),
} satisfies Record<Config['identity']['provider'], unknown>;

const bankDirectoryProviders = {
  sandbox: () => createSandboxBankDirectory(),
  paystack: ({ config }: ProviderContext) => createPaystackBankDirectory(config.paystack),
} satisfies Record<Config['banks']['directoryProvider'], unknown>;

const bankLinkProviders = {
  sandbox: ({ config, db }: ProviderContext) =>
    createSandboxBankLinkProvider(db, config.banks.linkCallbackSecret),
  plaid: ({ config }: ProviderContext) => createPlaidBankLinkProvider(config.banks.plaid),
} satisfies Record<Config['banks']['linkProvider'], unknown>;

const payoutRailProviders = {
  sandbox: () => createSandboxPayoutRail(),
  paystack: ({ config }: ProviderContext) => createPaystackPayoutRail(config.paystack),
} satisfies Record<Config['payouts']['railProvider'], unknown>;

const fxRatesProviders = {
  sandbox: ({ config }: ProviderContext) => createSandboxFxRatesProvider(config.fx.sandbox),
} satisfies Record<Config['fx']['ratesProvider'], unknown>;

const storageProviders = {
  local: ({ config }: ProviderContext) => createLocalStorageProvider(config.storage.localDir),
  s3: ({ config }: ProviderContext) => createS3StorageProvider(config.storage.s3),
} satisfies Record<Config['storage']['provider'], unknown>;

export interface Providers {
  email: EmailService;
  payments: PaymentsProvider;
  identity: IdentityProvider;
  storage: StorageProvider;
  fxRates: FxRatesProvider;
  payoutRail: PayoutRailProvider;
  bankDirectory: BankDirectoryProvider;
  bankLink: BankLinkProvider;
  /** True while any provider is a sandbox: no real money or mail moves, and the product says so. */
  testMode: boolean;
}

export function createProviders(context: ProviderContext): Providers {
  const { config, db } = context;
  return {
    email: createEmailService(db, emailProviders[config.email.provider](context), config.email.from),
    payments: paymentsProviders[config.checkout.paymentsProvider](context),
    identity: identityProviders[config.identity.provider](context),
    storage: storageProviders[config.storage.provider](context),
    fxRates: fxRatesProviders[config.fx.ratesProvider](context),
    payoutRail: payoutRailProviders[config.payouts.railProvider](context),
    bankDirectory: bankDirectoryProviders[config.banks.directoryProvider](context),
    bankLink: bankLinkProviders[config.banks.linkProvider](context),
    testMode: isTestMode(config),
  };
}
