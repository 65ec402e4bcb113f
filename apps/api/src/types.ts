import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { TokenService } from './lib/tokens.ts';
import type { EmailService } from './providers/email/email-service.ts';
import type { PaymentsProvider } from './providers/payments/payments-provider.ts';

/** What every feature may use; built once in buildApp and handed to route registrars. */
export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  email: EmailService;
  payments: PaymentsProvider;
}

export interface AuthContext {
  /** The merchant the bearer token belongs to. */
  userId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Shared services; routes receive them explicitly, tests and scripts read them here. */
    deps: AppDeps;
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}
