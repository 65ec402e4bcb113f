import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, type TrustProxy, usesPaystack } from './config.ts';
import { openDatabase } from './db/client.ts';
import { apiKeysRoutes } from './features/api-keys/index.ts';
import { appsRoutes } from './features/apps/index.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { signInsRoutes } from './features/audit/sign-ins.routes.ts';
import { authRoutes, sessionRoutes } from './features/auth/auth.routes.ts';
import {
  bankLinkCallbackRoutes,
  bankLinkRoutes,
  bankLinkSandboxRoutes,
  banksRoutes,
} from './features/banks/index.ts';
import { checkoutRoutes } from './features/checkout/checkout.routes.ts';
import {
  checkoutJobs,
  createCheckoutContext,
  findCheckoutProductForPage,
} from './features/checkout/index.ts';
import { customersRoutes } from './features/customers/customers.routes.ts';
import { disputesJobs, disputesRoutes } from './features/disputes/index.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { filesRoutes, imageUploadRoutes } from './features/files/index.ts';
import { fxJobs, fxRoutes } from './features/fx/index.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { kycCallbackRoutes, kycJobs, kycRoutes, kycSandboxRoutes } from './features/kyc/index.ts';
import { liveRoutes, startLiveNotices } from './features/live/index.ts';
import { transactionsRoutes } from './features/money/transactions/transactions.routes.ts';
import { walletsRoutes } from './features/money/wallets/wallets.routes.ts';
import { notificationsRoutes } from './features/notifications/index.ts';
import { otpRoutes } from './features/otp/otp.routes.ts';
import { payoutsJobs, payoutsRoutes } from './features/payouts/index.ts';
import { paystackWebhookRoutes } from './features/paystack/index.ts';
import { productsRoutes } from './features/products/products.routes.ts';
import { refundsJobs, refundsRoutes } from './features/refunds/index.ts';
import { merchantMailboxRoutes, sandboxRoutes } from './features/sandbox/sandbox.routes.ts';
import { securityRoutes, twoFactorRoutes } from './features/security/index.ts';
import { statementsRoutes } from './features/statements/index.ts';
import { createMemberships } from './features/team/index.ts';
import { teamPublicRoutes, teamRoutes } from './features/team/team.routes.ts';
import { createTokenVersions } from './features/users/index.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { webhooksJobs, webhooksRoutes } from './features/webhooks/index.ts';
import { databaseStatisticsJob } from './jobs/database-statistics.ts';
import { createEventHandlers } from './jobs/handlers.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createLeaseBook } from './jobs/lease-book.ts';
import { releaseHeldLeases, releaseLeasesOfEndedProcess } from './jobs/leases.ts';
import { resolveInstanceSecret } from './lib/instance-secret.ts';
import { createKeys } from './lib/keys.ts';
import { flushed, logDestination, OneLinePerRequest } from './lib/log-destination.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createTokenService, resolveJwtSecret } from './lib/tokens.ts';
import { registerActor, signedInScope } from './plugins/auth.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { createIdempotencyStore } from './plugins/idempotency.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { pruneSeenCallbacksJob } from './plugins/provider-callbacks.ts';
import { createRateLimits, registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { createProviders } from './providers/registry.ts';
import type { AppDeps, FeatureJobs, FeaturePlugin } from './types.ts';
import { createUserSections } from './user-sections.ts';

export interface BuildOptions {
  /** Tests run on an in-memory PGlite; null keeps the database out of DATA_DIR. */
  inMemoryDatabase?: boolean;
  /** With inMemoryDatabase: start from this dump of a migrated database (see createPgliteTemplate). */
  databaseTemplate?: Blob;
  /** Where log lines go instead of stdout, as they are made (tests read what would be logged). */
  logStream?: { write(line: string): void };
  /** A file log lines go to instead of stdout, written in the background as stdout's are. */
  logFile?: string;
}

/** Routes anyone may call: health, sign-up and sign-in, the public checkout, the sandbox's own pages. */
const publicFeatures: [FeaturePlugin, string][] = [
  [healthRoutes, '/api'],
  [authRoutes, '/api/auth'],
  [checkoutRoutes, '/api/checkout'],
  [kycCallbackRoutes, '/api/kyc'],
  [kycSandboxRoutes, '/api/sandbox/identity'],
  [bankLinkCallbackRoutes, '/api/bank'],
  [bankLinkSandboxRoutes, '/api/sandbox/bank-link'],
  [filesRoutes, '/api/files'],
  [teamPublicRoutes, '/api/team'],
];

/**
 * Routes of a signed-in merchant (or one of its apps): the scope authenticates every one of them. Which of them
 * refuse API keys (about the person: sessions, password, two-factor, notices, KYC, keys and apps themselves) each
 * route says itself, with `config: { dashboardOnly: true }`; the rest is the public API a shop's server calls with
 * one (ADR 033).
 */
const signedInFeatures: [FeaturePlugin, string][] = [
  [sessionRoutes, '/api/auth'],
  [otpRoutes, '/api/users'],
  [usersRoutes, '/api/users'],
  [webhooksRoutes, '/api/users'],
  [securityRoutes, '/api/users'],
  [twoFactorRoutes, '/api/users'],
  [signInsRoutes, '/api/users'],
  [notificationsRoutes, '/api/users'],
  [apiKeysRoutes, '/api/users'],
  [appsRoutes, '/api/users'],
  [walletsRoutes, '/api/wallets'],
  [statementsRoutes, '/api/wallets'],
  [fxRoutes, '/api/fx'],
  [transactionsRoutes, '/api/transaction'],
  [productsRoutes, '/api/products'],
  [imageUploadRoutes, '/api/document'],
  [documentsRoutes, '/api/document'],
  [kycRoutes, '/api/kyc'],
  [banksRoutes, '/api/bank'],
  [payoutsRoutes, '/api/payouts'],
  [refundsRoutes, '/api/refunds'],
  [customersRoutes, '/api/customers'],
  [disputesRoutes, '/api/disputes'],
  [auditRoutes, '/api/audit-events'],
  [bankLinkRoutes, '/api/users'],
  [liveRoutes, '/api/events'],
  [teamRoutes, '/api/team'],
];

/**
 * Every feature's scheduled jobs, listed like the routes above (and like the event subscribers in
 * jobs/subscriptions.ts): registering routes has no side effect, so what runs in the background is read here.
 */
const featureJobs: FeatureJobs[] = [
  checkoutJobs,
  fxJobs,
  kycJobs,
  payoutsJobs,
  refundsJobs,
  disputesJobs,
  webhooksJobs,
];

/**
 * TRUST_PROXY as Fastify takes it. A hop count is a function: Fastify's own number trusts no one (it cannot tell
 * the nearest hop is a proxy), while the operator who sets a count says every request comes through that many.
 */
function fastifyTrustProxy(trust: TrustProxy) {
  if (trust === null) return false;
  if ('proxies' in trust) return trust.proxies.join(',');
  return (_address: string, hop: number) => hop < trust.hops;
}

/** Plugins in order (config -> db -> security -> auth -> errors), then feature routes, then the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Logging is a cost on every request (issue 26 §4): lines are written in the background, one per request.
  const destination = options.logStream ? null : logDestination(options.logFile);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
      serializers: { req: serializeRequest },
      stream: options.logStream ?? destination ?? undefined,
    },
    logController: new OneLinePerRequest(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // onClose hooks run last-added first: this one, after everything else has closed (and logged).
  if (destination) app.addHook('onClose', () => flushed(destination));

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.inMemoryDatabase ? null : config.dataDir,
    template: options.databaseTemplate,
    poolSize: config.databasePoolSize,
  });

  const released = await releaseLeasesOfEndedProcess(database);
  if (released > 0)
    app.log.info({ released }, 'let go of the leases the previous process left (it ended without stopping)');

  await registerSecurity(app, config);
  await registerRateLimit(app, config);
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const providers = createProviders({ config, db: database.db, log: app.log });
  // What this process holds, so a stop that cannot finish its work lets go of it at once (ADR 065).
  const leases = createLeaseBook();
  const jobs = createJobRunner({
    db: database.jobsDb,
    log: app.log,
    handlers: createEventHandlers({ config, database, email: providers.email }),
    leases,
    stopGraceMs: config.shutdownGraceMs,
  });
  const tokenVersions = await createTokenVersions(database, app.log);
  const memberships = await createMemberships(database, app.log);
  // The one LISTEN for live notices; app.close() waits for open responses, so the streams end first (clients
  // reconnect to another process).
  const live = await startLiveNotices(database, app.log);
  // On close the job runner takes no more work at once, and has the grace to finish what it holds; requests in
  // flight are answered meanwhile. Whatever is still held after both lets go before the database goes (ADR 065).
  app.addHook('preClose', async () => {
    live.endAll();
    await jobs.stop();
  });
  app.addHook('onClose', async () => {
    await releaseHeldLeases(app.log, leases);
    await live.stop();
    await tokenVersions.close();
    await memberships.close();
    await database.close();
  });
  const keys = createKeys(jwtSecret);
  const secretBox = createSecretBox(
    await resolveInstanceSecret(config.secretsKey, config.dataDir, 'secrets-key'),
  );
  const idempotency = createIdempotencyStore({
    database,
    keys,
    leaseSeconds: config.idempotencyLeaseSeconds,
    leases,
  });
  const deps: AppDeps = {
    config,
    database,
    tokens: await createTokenService(jwtSecret, config.jwtTtl),
    tokenVersions,
    memberships,
    userSections: createUserSections({ database, secretBox, config }),
    ...providers,
    rateLimits: createRateLimits(app, config),
    keys,
    secretBox,
    jobs,
    leases,
    live,
    idempotency,
  };
  app.decorate('deps', deps);
  for (const jobsOf of featureJobs) for (const job of jobsOf(deps, app)) jobs.schedule(job);
  jobs.schedule(idempotency.pruneJob);
  jobs.schedule(pruneSeenCallbacksJob(database.db));
  if (database.kind === 'pglite') jobs.schedule(databaseStatisticsJob(database.db));
  app.decorateRequest('idempotencyClaim', null);

  registerActor(app);
  registerErrorHandling(app);
  await registerOpenApi(app, config);

  for (const [feature, prefix] of publicFeatures) await app.register(feature(deps), { prefix });
  if (deps.email.provider === 'sandbox') await app.register(sandboxRoutes(deps), { prefix: '/api/sandbox' });
  if (usesPaystack(config))
    await app.register(paystackWebhookRoutes(deps), { prefix: '/api/providers/paystack' });
  await app.register(
    signedInScope(deps, async (scope) => {
      for (const [feature, prefix] of signedInFeatures) await scope.register(feature(deps), { prefix });
      if (deps.email.provider === 'sandbox')
        await scope.register(merchantMailboxRoutes(deps), { prefix: '/api/sandbox' });
    }),
  );
  if (config.jobsEnabled) app.addHook('onReady', () => jobs.start());

  const checkout = createCheckoutContext(deps, app.log);
  await registerWeb(app, config, {
    checkoutProduct: (productId) => findCheckoutProductForPage(checkout, productId),
  });
  return app;
}
