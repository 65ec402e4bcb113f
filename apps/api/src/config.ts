import path from 'node:path';
import {
  CURRENCIES,
  CURRENCY_INFO,
  type Currency,
  DEFAULT_FEE_SCHEDULE,
  FeeScheduleSchema,
  PayoutFeesSchema,
  PayoutLimitsSchema,
} from '@bizdash/shared';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const durationPattern = /^\d+[smhd]$/;

/** PAYOUT_NEW_ACCOUNT_HOLD_HOURS unset: by the rail (README, Configuration). */
const REAL_RAIL_HOLD_HOURS = 24;
const SANDBOX_HOLD_HOURS = 0.05;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const perCurrency = <T>(value: (currency: Currency) => T) =>
  Object.fromEntries(CURRENCIES.map((currency) => [currency, value(currency)])) as Record<Currency, T>;

/** The daily limits' variables from before PAYOUT_LIMITS, still read for a currency PAYOUT_LIMITS leaves out. */
const olderDailyLimits = (env: {
  PAYOUT_DAILY_LIMIT_NGN?: number;
  PAYOUT_DAILY_LIMIT_USD?: number;
}): Partial<Record<Currency, number>> => ({
  NGN: env.PAYOUT_DAILY_LIMIT_NGN,
  USD: env.PAYOUT_DAILY_LIMIT_USD,
});

/** A JSON setting: parsed, then checked against its schema, so a typo names the field at start-up. */
const jsonSetting = <T extends z.ZodType>(schema: T, example: string) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `must be JSON, e.g. ${example}` });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** proxy-addr's names for address ranges, which Fastify accepts in a list of proxies. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) =>
  PROXY_RANGE_NAMES.has(entry) ||
  ipaddr.IPv4.isValidFourPartDecimal(entry) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
  ipaddr.IPv6.isValid(entry) ||
  ipaddr.IPv6.isValidCIDR(entry);

/**
 * Whose X-Forwarded-* headers to believe: nobody (false, 0), the nearest N hops (a count; true is 1), or the
 * proxies at these addresses (a comma-separated list of addresses, CIDR ranges or loopback/linklocal/uniquelocal).
 * Never everyone: the client's own left-most X-Forwarded-For would then be its address.
 */
const trustProxySetting = z.string().transform((value, context): TrustProxy => {
  const text = value.trim();
  if (text === 'false' || text === '0' || text === '') return null;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const proxies = text.split(',').map((entry) => entry.trim());
  const wrong = proxies.filter((entry) => !isProxyAddress(entry));
  if (wrong.length === 0) return { proxies };
  context.addIssue({
    code: 'custom',
    message: `must be false, a hop count (true is 1) or a comma-separated list of proxy addresses or CIDR ranges; not an address: ${wrong.join(', ')}`,
  });
  return z.NEVER;
});

export type TrustProxy = { hops: number } | { proxies: string[] } | null;

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must be at least 32 characters').optional(),
    JWT_TTL: z.string().regex(durationPattern, 'JWT_TTL is a duration like 8h, 30m or 1d').default('8h'),
    SIGNIN_URL: z.string().default('/signin'),
    EMAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    EMAIL_FROM: z.string().default('Bizdash <no-reply@bizdash.local>'),
    SANDBOX_MAILBOX_KEY: z.string().min(24, 'SANDBOX_MAILBOX_KEY must be at least 24 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CORS_ORIGINS: z.string().default(''),
    TRUST_PROXY: trustProxySetting.default(null),
    RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_ACCOUNT_PER_15_MINUTES: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_ACCOUNT_ALL_IPS_PER_15_MINUTES: z.coerce.number().int().min(1).default(100),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional(),
    REDIS_KEY_PREFIX: z.string().min(1).default('bizdash:'),
    PAYMENT_LINK_BASE_URL: z.url().optional(),
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
    SANDBOX_REFUND_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    SANDBOX_DISPUTE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    SANDBOX_DISPUTE_REVIEW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    SANDBOX_DISPUTE_EVIDENCE_HOURS: z.coerce.number().int().min(1).max(2_160).default(168),
    IDENTITY_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    IDENTITY_CALLBACK_SECRET: z
      .string()
      .min(32, 'IDENTITY_CALLBACK_SECRET must be at least 32 characters')
      .optional(),
    BANK_DIRECTORY_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
    BANK_LINK_PROVIDER: z.enum(['sandbox', 'plaid']).default('sandbox'),
    BANK_LINK_CALLBACK_SECRET: z
      .string()
      .min(32, 'BANK_LINK_CALLBACK_SECRET must be at least 32 characters')
      .optional(),
    PLAID_CLIENT_ID: z.string().min(1).optional(),
    PLAID_SECRET: z.string().min(1).optional(),
    PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
    PLAID_BASE_URL: z.url().optional(),
    CHECKOUT_FEE_SCHEDULE: jsonSetting(
      FeeScheduleSchema,
      '{"NGN":{"percentBasisPoints":150,"flat":10000,"flatWaivedBelow":250000,"cap":200000}}',
    ).optional(),
    CHECKOUT_ABANDON_AFTER_MINUTES: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_CHECKOUT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    API_KEY_ROLL_OVERLAP_HOURS: z.coerce.number().min(0).max(720).default(24),
    PAYOUT_RAIL_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
    PAYSTACK_SECRET_KEY: z
      .string()
      .regex(
        /^sk_(test|live)_[A-Za-z0-9]+$/,
        'PAYSTACK_SECRET_KEY must be a Paystack secret key: sk_test_… or sk_live_… (Paystack dashboard, Settings > API Keys & Webhooks)',
      )
      .optional(),
    PAYSTACK_BASE_URL: z.url('PAYSTACK_BASE_URL must be a URL').default('https://api.paystack.co'),
    PAYOUT_NEW_ACCOUNT_HOLD_HOURS: z.coerce.number().min(0).max(720).optional(),
    IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    PAYOUT_LIMITS: jsonSetting(
      PayoutLimitsSchema,
      '{"NGN":{"minimum":10000,"dailyLimit":500000000},"USD":{"dailyLimit":1000000}} (minor units)',
    ).optional(),
    PAYOUT_DAILY_LIMIT_NGN: z.coerce.number().int().min(1).optional(),
    PAYOUT_DAILY_LIMIT_USD: z.coerce.number().int().min(1).optional(),
    PAYOUT_FEES: jsonSetting(
      PayoutFeesSchema,
      '{"NGN":[{"upTo":500000,"fee":1000},{"upTo":null,"fee":2500}]} (minor units)',
    ).optional(),
    FX_RATES_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    FX_SANDBOX_NGN_PER_USD: z.coerce.number().min(0.0001).max(1_000_000).default(1550),
    FX_SANDBOX_DRIFT_BPS: z.coerce.number().int().min(0).max(1000).default(50),
    FX_SPREAD_BPS: z.coerce.number().int().min(0).max(2000).default(150),
    FX_FEE_BPS: z.coerce.number().int().min(0).max(1000).default(50),
    FX_QUOTE_TTL_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
    WEBHOOK_SECRET_ROLL_OVERLAP_HOURS: z.coerce.number().min(0).max(720).default(24),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(15),
    ALLOW_PRIVATE_WEBHOOK_TARGETS: booleanFlag.optional(),
    WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // `only`: a dedicated job worker, which runs the jobs and serves no requests (README, several processes).
    JOBS_ENABLED: z.enum(['true', 'false', '1', '0', 'only']).default('true'),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(5),
    STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
    STORAGE_LOCAL_DIR: z.string().optional(),
    STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(200),
    UPLOADS_PER_MERCHANT: z.coerce.number().int().min(1).max(100).default(2),
    UPLOADS_PER_PROCESS: z.coerce.number().int().min(1).max(1000).default(8),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    S3_KEY_PREFIX: z.string().default(''),
    WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    /** Unset: links a request asks for use the address it came in on (lib/public-origin.ts); emails never do. */
    publicUrlIsSet: env.PUBLIC_URL !== undefined,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    jwtSecret: env.JWT_SECRET,
    /** Unset: generated into DATA_DIR/secrets-key on first start. Every process of one deployment needs the same. */
    secretsKey: env.SECRETS_KEY,
    jwtTtl: env.JWT_TTL,
    signinUrl: env.SIGNIN_URL,
    email: { provider: env.EMAIL_PROVIDER, from: env.EMAIL_FROM, smtpUrl: env.SMTP_URL ?? null },
    /** Unset: the mailbox key is derived from the JWT secret, so every process of one deployment shares it. */
    sandbox: { mailboxKey: env.SANDBOX_MAILBOX_KEY ?? null },
    logLevel: env.LOG_LEVEL,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    rateLimit: {
      ipPerMinute: env.RATE_LIMIT_IP_PER_MINUTE,
      /** Per account and IP address. */
      accountPer15Minutes: env.RATE_LIMIT_ACCOUNT_PER_15_MINUTES,
      accountAcrossIpsPer15Minutes: env.RATE_LIMIT_ACCOUNT_ALL_IPS_PER_15_MINUTES,
      checkoutPerMinute: env.RATE_LIMIT_CHECKOUT_PER_MINUTE,
    },
    /** Unset: each process counts its own rate limits in memory. */
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : null,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    checkout: {
      /** null: links use the address the merchant's request came in on, plus /pay. */
      paymentLinkBaseUrl:
        (
          env.PAYMENT_LINK_BASE_URL ?? (env.PUBLIC_URL ? `${env.PUBLIC_URL.replace(/\/$/, '')}/pay` : null)
        )?.replace(/\/$/, '') ?? null,
      paymentsProvider: env.PAYMENTS_PROVIDER,
      feeSchedule: env.CHECKOUT_FEE_SCHEDULE ?? DEFAULT_FEE_SCHEDULE,
      abandonAfterMinutes: env.CHECKOUT_ABANDON_AFTER_MINUTES,
      /** How long the sandbox card network takes to return a refund to the card (0: at its next look). */
      sandboxRefundSeconds: env.SANDBOX_REFUND_SECONDS,
      /** The sandbox network disputes a payment of the card 4000 0000 0000 0259 this long after its capture. */
      sandboxDisputeAfterSeconds: env.SANDBOX_DISPUTE_AFTER_SECONDS,
      /** How long the sandbox network reviews a dispute's evidence before deciding it. */
      sandboxDisputeReviewSeconds: env.SANDBOX_DISPUTE_REVIEW_SECONDS,
      /** How long a merchant has to answer a sandbox dispute (its evidenceDueBy). */
      sandboxDisputeEvidenceHours: env.SANDBOX_DISPUTE_EVIDENCE_HOURS,
    },
    /** Unset: the sandbox signs its callbacks with a secret of its own process (they never leave it). */
    identity: { provider: env.IDENTITY_PROVIDER, callbackSecret: env.IDENTITY_CALLBACK_SECRET ?? null },
    /** Settlement accounts: name enquiry (NGN), hosted bank link (USD); unset secret: the sandbox's own. */
    banks: {
      directoryProvider: env.BANK_DIRECTORY_PROVIDER,
      linkProvider: env.BANK_LINK_PROVIDER,
      linkCallbackSecret: env.BANK_LINK_CALLBACK_SECRET ?? null,
      /** BANK_LINK_PROVIDER=plaid: Plaid Hosted Link with these keys (PLAID_BASE_URL overrides the environment's host). */
      plaid: {
        clientId: env.PLAID_CLIENT_ID ?? '',
        secret: env.PLAID_SECRET ?? '',
        basePath: (
          env.PLAID_BASE_URL ??
          `https://${env.PLAID_ENV === 'production' ? 'production' : 'sandbox'}.plaid.com`
        ).replace(/\/$/, ''),
      },
    },
    /**
     * PAYMENTS_PROVIDER, BANK_DIRECTORY_PROVIDER or PAYOUT_RAIL_PROVIDER=paystack: Paystack's API with this secret
     * key (ADR 057).
     */
    paystack: {
      secretKey: env.PAYSTACK_SECRET_KEY ?? '',
      baseUrl: env.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    },
    payouts: {
      railProvider: env.PAYOUT_RAIL_PROVIDER,
      /**
       * An account added less than this long ago cannot receive a payout yet (fraud cooling-off). Unset: a day with a
       * real rail; with the sandbox rail (test mode, no real money) three minutes, so trying the product is not
       * stopped for a day, yet the hold is seen working.
       */
      newAccountHoldHours:
        env.PAYOUT_NEW_ACCOUNT_HOLD_HOURS ??
        (env.PAYOUT_RAIL_PROVIDER === 'sandbox' ? SANDBOX_HOLD_HOURS : REAL_RAIL_HOLD_HOURS),
      /** Per currency, in minor units: PAYOUT_LIMITS, else the older per-currency variable, else CURRENCY_INFO. */
      minimums: perCurrency(
        (currency) => env.PAYOUT_LIMITS?.[currency]?.minimum ?? CURRENCY_INFO[currency].payoutMinimum,
      ),
      dailyLimits: perCurrency(
        (currency) =>
          env.PAYOUT_LIMITS?.[currency]?.dailyLimit ??
          olderDailyLimits(env)[currency] ??
          CURRENCY_INFO[currency].payoutDailyLimit,
      ),
      fees: perCurrency((currency) => env.PAYOUT_FEES?.[currency] ?? CURRENCY_INFO[currency].payoutFees),
    },
    /** Currency conversion (ADR 031): mid rates from the provider, the house's spread and fee on top. */
    fx: {
      ratesProvider: env.FX_RATES_PROVIDER,
      /** The sandbox's mid rate, drifting by up to driftBps over each hour (a sine of the minute). */
      sandbox: { ngnPerUsd: env.FX_SANDBOX_NGN_PER_USD, driftBps: env.FX_SANDBOX_DRIFT_BPS },
      spreadBps: env.FX_SPREAD_BPS,
      feeBps: env.FX_FEE_BPS,
      quoteTtlSeconds: env.FX_QUOTE_TTL_SECONDS,
    },
    /** Webhooks (ADR 034): how long a rolled secret still signs, each attempt's limit, and (local development
     * and tests only) whether endpoints on private, loopback or link-local addresses may be reached; null:
     * while every provider is a sandbox (privateWebhookTargetsAllowed). */
    webhooks: {
      secretRollOverlapHours: env.WEBHOOK_SECRET_ROLL_OVERLAP_HOURS,
      timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
      allowPrivateTargets: env.ALLOW_PRIVATE_WEBHOOK_TARGETS ?? null,
      /** Finished deliveries older than this leave the log (the retries of ~3.5 days always fit). */
      deliveryRetentionDays: env.WEBHOOK_DELIVERY_RETENTION_DAYS,
    },
    /** API keys (ADR 033): how long a replaced key keeps working, and each key's requests a minute. */
    apiKeys: {
      rollOverlapHours: env.API_KEY_ROLL_OVERLAP_HOURS,
      perMinute: env.RATE_LIMIT_API_KEY_PER_MINUTE,
    },
    jobsEnabled: env.JOBS_ENABLED !== 'false' && env.JOBS_ENABLED !== '0',
    /** A dedicated job worker (JOBS_ENABLED=only): it listens for no requests. */
    servesRequests: env.JOBS_ENABLED !== 'only',
    /**
     * How long a stopping process waits for the jobs and deliveries in hand before letting go of their leases
     * (ADR 065); a process still busy with requests this long after that exits too (server.ts).
     */
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    /** How long an Idempotency-Key's first request holds it before a retry may take over (it died, or hangs). */
    idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS,
    /** Uploaded files: local keeps them under DATA_DIR/files (one API process; see README, Storage). */
    storage: {
      provider: env.STORAGE_PROVIDER,
      localDir: path.resolve(env.STORAGE_LOCAL_DIR ?? path.join(env.DATA_DIR, 'files')),
      /** What one merchant's files (its apps' included) may take in all, counted from the files table. */
      quotaBytes: env.STORAGE_QUOTA_MB * 1024 * 1024,
      /** Uploads read at once: more answer 429 with Retry-After before their body is read. */
      uploadsPerMerchant: env.UPLOADS_PER_MERCHANT,
      uploadsPerProcess: env.UPLOADS_PER_PROCESS,
      s3: {
        bucket: env.S3_BUCKET ?? '',
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT ?? null,
        accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        prefix: env.S3_KEY_PREFIX,
      },
    },
  }))
  .refine(
    (config) =>
      config.banks.linkProvider !== 'plaid' ||
      (config.banks.plaid.clientId !== '' && config.banks.plaid.secret !== ''),
    {
      message: 'PLAID_CLIENT_ID and PLAID_SECRET are required when BANK_LINK_PROVIDER=plaid',
      path: ['PLAID_CLIENT_ID'],
    },
  )
  .superRefine((config, context) => {
    for (const currency of CURRENCIES) {
      const { minimums, dailyLimits } = config.payouts;
      if (minimums[currency] > dailyLimits[currency])
        context.addIssue({
          code: 'custom',
          path: ['PAYOUT_LIMITS'],
          message: `${currency}: the minimum payout (${minimums[currency]}) is above the daily limit (${dailyLimits[currency]}); both are minor units, e.g. {"${currency}":{"minimum":${CURRENCY_INFO[currency].payoutMinimum},"dailyLimit":${CURRENCY_INFO[currency].payoutDailyLimit}}}`,
        });
    }
  })
  .superRefine((config, context) => {
    const usedBy = paystackSettings(config);
    if (usedBy.length > 0 && config.paystack.secretKey === '')
      context.addIssue({
        code: 'custom',
        path: ['PAYSTACK_SECRET_KEY'],
        message: `PAYSTACK_SECRET_KEY is required when ${usedBy.map((setting) => `${setting}=paystack`).join(' and ')}`,
      });
  })
  .refine(
    (config) =>
      config.checkout.paymentsProvider !== 'paystack' ||
      !config.paystack.secretKey.startsWith('sk_live_') ||
      config.publicUrlIsSet,
    {
      message:
        "PUBLIC_URL is required when PAYMENTS_PROVIDER=paystack with a live key: Paystack sends customers back to this instance's payment page after they pay",
      path: ['PUBLIC_URL'],
    },
  )
  .refine((config) => config.storage.provider !== 's3' || config.storage.s3.bucket !== '', {
    message: 'S3_BUCKET is required when STORAGE_PROVIDER=s3',
    path: ['S3_BUCKET'],
  });

export type Config = z.infer<typeof ConfigSchema>;

/** The settings that chose Paystack, by their variable names. */
function paystackSettings(config: Pick<Config, 'checkout' | 'banks' | 'payouts'>): string[] {
  return [
    config.checkout.paymentsProvider === 'paystack' ? 'PAYMENTS_PROVIDER' : null,
    config.banks.directoryProvider === 'paystack' ? 'BANK_DIRECTORY_PROVIDER' : null,
    config.payouts.railProvider === 'paystack' ? 'PAYOUT_RAIL_PROVIDER' : null,
  ].filter((setting) => setting !== null);
}

/** Whether any provider is Paystack (its webhook route is served then). */
export const usesPaystack = (config: Config) => paystackSettings(config).length > 0;

/**
 * Test mode: a provider that moves money (card payments, name enquiry, payouts) is a sandbox, or Paystack is used
 * with a test key (its money is not real either). With live keys for all three, real money moves and the product
 * drops its Test mode banner; identity checks, rates and email have no say in that (ADR 059).
 */
export function isTestMode(config: Config): boolean {
  const moneyProviders = [
    config.checkout.paymentsProvider,
    config.banks.directoryProvider,
    config.payouts.railProvider,
  ];
  const paystackTestKey = usesPaystack(config) && config.paystack.secretKey.startsWith('sk_test_');
  return moneyProviders.includes('sandbox') || paystackTestKey;
}

/** The provider chosen for each outside service (storage aside, which only holds files). */
function providerNames(config: Config): string[] {
  return [
    config.email.provider,
    config.checkout.paymentsProvider,
    config.identity.provider,
    config.fx.ratesProvider,
    config.banks.directoryProvider,
    config.banks.linkProvider,
    config.payouts.railProvider,
  ];
}

/**
 * ALLOW_PRIVATE_WEBHOOK_TARGETS, or when unset: true while every provider is a sandbox (nothing real moves, so the
 * instance is someone's local or demo one, whose receiver is on their own machine), false once one is real.
 */
export function privateWebhookTargetsAllowed(config: Config): boolean {
  return config.webhooks.allowPrivateTargets ?? providerNames(config).every((name) => name === 'sandbox');
}

/** The only reader of process.env: a bad setting stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
