import { createHmac, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { checkoutRoutes } from './features/checkout/checkout.routes.ts';
import { createCheckoutContext } from './features/checkout/checkout-context.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { otpRoutes } from './features/otp/otp.routes.ts';
import { createOtpSecret } from './features/otp/otp.service.ts';
import { productsRoutes } from './features/products/products.routes.ts';
import { sandboxRoutes } from './features/sandbox/sandbox.routes.ts';
import { transactionsRoutes } from './features/transactions/transactions.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { walletsRoutes } from './features/wallets/wallets.routes.ts';
import { scheduleAbandonedPayments } from './jobs/abandoned-payments.ts';
import { createTokenService, resolveJwtSecret } from './lib/tokens.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createRateLimits, registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { createEmailService } from './providers/email/email-service.ts';
import { createSandboxEmailProvider } from './providers/email/sandbox-email-provider.ts';
import { createSandboxPaymentsProvider } from './providers/payments/sandbox-payments-provider.ts';
import type { AppDeps } from './types.ts';

export interface BuildOptions {
  /** Tests run on an in-memory PGlite; null keeps the database out of DATA_DIR. */
  inMemoryDatabase?: boolean;
  /** With inMemoryDatabase: start from this dump of a migrated database (see createPgliteTemplate). */
  databaseTemplate?: Blob;
}

/** Plugins in order (config -> db -> security -> auth -> errors), then feature routes, then the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.inMemoryDatabase ? null : config.dataDir,
    template: options.databaseTemplate,
    poolSize: config.databasePoolSize,
  });
  app.addHook('onClose', () => database.close());

  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const deps: AppDeps = {
    config,
    database,
    tokens: createTokenService(jwtSecret, config.jwtTtl),
    email: createEmailService(database.db, createSandboxEmailProvider(app.log), config.email.from),
    payments: createSandboxPaymentsProvider(database.db),
  };
  app.decorate('deps', deps);
  const otpSecret = createOtpSecret(createHmac('sha256', jwtSecret).update('otp-codes').digest());

  await registerSecurity(app, config);
  await registerRateLimit(app);
  registerAuth(app, deps);
  registerErrorHandling(app);
  await registerOpenApi(app, config);

  const limits = createRateLimits(app, config);
  await app.register(healthRoutes(deps), { prefix: '/api' });
  await app.register(authRoutes(deps, limits), { prefix: '/api/auth' });
  await app.register(otpRoutes(deps, limits, otpSecret), { prefix: '/api/users' });
  await app.register(usersRoutes(deps), { prefix: '/api/users' });
  await app.register(walletsRoutes(deps), { prefix: '/api/wallets' });
  await app.register(transactionsRoutes(deps), { prefix: '/api/transaction' });
  await app.register(productsRoutes(deps), { prefix: '/api/products' });
  const checkout = createCheckoutContext(deps, app.log);
  await app.register(checkoutRoutes(checkout, config, limits), { prefix: '/api/checkout' });
  if (config.jobsEnabled) scheduleAbandonedPayments(app, checkout);
  if (deps.email.provider === 'sandbox') await app.register(sandboxRoutes(deps), { prefix: '/api/sandbox' });

  await registerWeb(app, config);
  return app;
}
