import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Currency, SignUpRequest } from '@bizdash/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Db, Tx } from '../src/db/client.ts';
import { wallets } from '../src/db/schema/index.ts';
import { insertMerchant } from '../src/features/auth/auth.repository.ts';
import { postTransfer } from '../src/features/money/ledger/ledger.service.ts';
import type { TransferLeg } from '../src/features/money/ledger/ledger.types.ts';
import { MAILBOX_KEY_HEADER, mailboxKey } from '../src/features/sandbox/mailbox-key.ts';
import { checkResponsesAgainstDocument } from './openapi-responses.ts';

/** The configuration tests start from: quiet logs, no background jobs (tests run them on purpose). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' }), ...overrides };
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestContext {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A throwaway database per test file: PGlite in memory, or a fresh database on TEST_DATABASE_URL's server. */
export async function createTestDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { drop: async () => undefined };
  const name = `bizdash_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await waitForConnectionsToLeave(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * pool.end() resolves before the server has seen every connection go; forcing the drop then would terminate a
 * closing connection, whose FATAL 57P01 surfaces in the test run as an unhandled error. Wait (briefly) for them.
 */
async function waitForConnectionsToLeave(client: pg.Client, database: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [database],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated database dump the global setup made (read once per test file); none on PostgreSQL. */
function pgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplatePath');
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return template;
}

/**
 * Rate limits in TEST_REDIS_URL's Redis when it is set (as in production with REDIS_URL), under a prefix of their
 * own so test apps never count each other's requests; in memory otherwise. Pass the same value to two apps to
 * make them share their counts, as two processes of one deployment do.
 */
export function testRedis(): Config['redis'] {
  const url = process.env.TEST_REDIS_URL;
  return url ? { url, keyPrefix: `bizdash-test:${randomUUID()}:` } : null;
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, 'logStream' | 'logFile'> = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig({
    jwtSecret: TEST_JWT_SECRET,
    dataDir: path.join(os.tmpdir(), 'bizdash-test-data'),
    webDistDir: path.join(os.tmpdir(), 'bizdash-no-web-build'),
    databaseUrl: database.url,
    rateLimit: {
      ipPerMinute: 100_000,
      accountPer15Minutes: 100_000,
      accountAcrossIpsPer15Minutes: 100_000,
      checkoutPerMinute: 100_000,
    },
    redis: testRedis(),
    ...overrides,
  });
  const app = await buildApp(config, {
    ...build,
    inMemoryDatabase: true,
    databaseTemplate: await pgliteTemplate(),
  });
  const contract = checkResponsesAgainstDocument(app);
  return {
    app,
    close: async () => {
      await app.close();
      await database.drop();
      if (contract.violations.length > 0) {
        throw new Error(
          `Answers the OpenAPI document does not describe:\n  ${contract.violations.join('\n  ')}`,
        );
      }
    },
  };
}

/** One app for every test of the enclosing describe (built before all, closed after all): `const ctx = useTestApp();` */
export function useTestApp(...options: Parameters<typeof buildTestApp>): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await buildTestApp(...options));
  });
  afterAll(() => ctx.close());
  return ctx;
}

/**
 * A second API instance on the first one's PostgreSQL database, as behind a load balancer. PGlite is one process
 * by design (it cannot share its database), so there the second is the first itself. Close it before the first.
 */
export async function buildSecondProcess(first: TestContext): Promise<TestContext> {
  if (first.app.deps.database.kind !== 'postgres') return { app: first.app, close: async () => undefined };
  return buildTestApp({ databaseUrl: first.app.deps.config.databaseUrl });
}

/** Two API processes for a describe block (`b` is `a` itself on PGlite), built before its tests, closed after. */
export function useTwoProcesses() {
  const a = {} as TestContext;
  const b = {} as TestContext;
  beforeAll(async () => {
    Object.assign(a, await buildTestApp());
    Object.assign(b, await buildSecondProcess(a));
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  return { a, b };
}

export const PASSWORD = 'Str0ng!Passw0rd';

export function merchantInput(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  const unique = randomUUID().slice(0, 8);
  return {
    email: `merchant-${unique}@example.com`,
    password: PASSWORD,
    firstName: 'Adaeze',
    lastName: 'Okafor',
    phoneNumber: '08031234567',
    businessName: `Adaeze Foods ${unique}`,
    countryOfBusiness: 'Nigeria',
    ...overrides,
  };
}

export interface Merchant {
  token: string;
  userId: string;
  email: string;
  password: string;
}

export async function signUpMerchant(
  app: FastifyInstance,
  overrides: Partial<SignUpRequest> = {},
): Promise<Merchant> {
  const input = merchantInput(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: input });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { token, userId } = response.json() as { token: string; userId: string };
  return { token, userId, email: input.email.toLowerCase(), password: input.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The operator key the sandbox mailbox asks for, as the start-up line's link carries it. */
export const sandboxKey = (app: FastifyInstance) => ({ [MAILBOX_KEY_HEADER]: mailboxKey(app.deps) });

/** The Drizzle database behind a test app. */
export const dbOf = (app: FastifyInstance): Db => app.deps.database.db;

/** Runs `work` in a transaction of its own, as every money-moving service expects. */
export const inTx = <T>(app: FastifyInstance, work: (tx: Tx) => Promise<T>): Promise<T> =>
  dbOf(app).transaction(work);

export interface MerchantWallets {
  userId: string;
  NGN: string;
  USD: string;
}

/**
 * A merchant straight into the database (no password hashing, no token): for tests that only need wallets and
 * create many merchants, where sign-up's argon2 would cost seconds.
 */
export async function insertTestMerchant(app: FastifyInstance): Promise<MerchantWallets> {
  const { password: _password, ...profile } = merchantInput();
  const user = await inTx(app, (tx) => insertMerchant(tx, profile, 'not-a-password-hash'));
  return { userId: user.id, ...(await walletIdsOf(app, user.id)) };
}

export async function walletIdsOf(
  app: FastifyInstance,
  userId: string,
): Promise<Omit<MerchantWallets, 'userId'>> {
  const rows = await dbOf(app)
    .select({ id: wallets.id, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  const find = (currency: Currency) => {
    const row = rows.find((candidate) => candidate.currency === currency);
    if (!row) throw new Error(`merchant ${userId} has no ${currency} wallet`);
    return row.id;
  };
  return { NGN: find('NGN'), USD: find('USD') };
}

export async function walletBalance(app: FastifyInstance, walletId: string): Promise<number> {
  const [row] = await dbOf(app)
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  if (!row) throw new Error(`no wallet ${walletId}`);
  return row.balance;
}

/** Money in from the outside world: CUSTOMER_FUNDS pays the wallet. */
export function creditLegs(walletId: string, amount: number, currency: Currency = 'NGN'): TransferLeg[] {
  return [
    { account: { walletId }, currency, amount },
    { account: { system: 'CUSTOMER_FUNDS' }, currency, amount: -amount },
  ];
}

/** Money out to the outside world: the wallet pays PAYOUTS_IN_TRANSIT. */
export function debitLegs(walletId: string, amount: number, currency: Currency = 'NGN'): TransferLeg[] {
  return [
    { account: { walletId }, currency, amount: -amount },
    { account: { system: 'PAYOUTS_IN_TRANSIT' }, currency, amount },
  ];
}

export async function fundWallet(
  app: FastifyInstance,
  walletId: string,
  amount: number,
  currency: Currency = 'NGN',
): Promise<string> {
  const result = await inTx(app, (tx) =>
    postTransfer(tx, {
      idempotencyKey: `test-funding:${randomUUID()}`,
      kind: 'ADJUSTMENT',
      description: 'test funding',
      legs: creditLegs(walletId, amount, currency),
    }),
  );
  return result.postingId;
}

/** Rows of a raw SQL query, whichever driver (node-postgres or PGlite) ran it. */
export async function sqlRows<T>(app: FastifyInstance, query: SQL): Promise<T[]> {
  const result = (await dbOf(app).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function countRows(app: FastifyInstance, query: SQL): Promise<number> {
  const [row] = await sqlRows<{ n: string | number }>(app, query);
  return Number(row?.n ?? 0);
}
