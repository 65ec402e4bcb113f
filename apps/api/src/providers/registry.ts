import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createEmailService, type EmailService } from './email/email-service.ts';
import { createSandboxEmailProvider } from './email/sandbox-email-provider.ts';
import type { PaymentsProvider } from './payments/payments-provider.ts';
import { createSandboxPaymentsProvider } from './payments/sandbox-payments-provider.ts';

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
} satisfies Record<Config['email']['provider'], unknown>;

const paymentsProviders = {
  sandbox: ({ db }: ProviderContext) => createSandboxPaymentsProvider(db),
} satisfies Record<Config['checkout']['paymentsProvider'], unknown>;

export interface Providers {
  email: EmailService;
  payments: PaymentsProvider;
  /** True while any provider is a sandbox: no real money or mail moves, and the product says so. */
  testMode: boolean;
}

export function createProviders(context: ProviderContext): Providers {
  const { config, db } = context;
  const names = [config.email.provider, config.checkout.paymentsProvider];
  return {
    email: createEmailService(db, emailProviders[config.email.provider](context), config.email.from),
    payments: paymentsProviders[config.checkout.paymentsProvider](context),
    testMode: names.includes('sandbox'),
  };
}
