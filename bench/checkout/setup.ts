import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Db } from '../../apps/api/src/db/client.ts';
import { wallets } from '../../apps/api/src/db/schema/index.ts';
import { insertMerchant } from '../../apps/api/src/features/auth/auth.repository.ts';
import { insertProduct } from '../../apps/api/src/features/products/index.ts';

/** A merchant with one product whose stock never runs out during a run. */
export interface Seller {
  userId: string;
  productId: string;
  /** The wallet a payment for the product credits. */
  walletId: string;
}

/** A database of its own on the server: the one named by DATABASE_URL, or a throwaway one dropped afterwards. */
export async function benchDatabase(given: string | undefined, serverUrl: string) {
  if (given) return { url: given, throwaway: false, drop: async () => undefined };
  const name = `bizdash_bench_checkout_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    throwaway: true,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The real API in this process on an ephemeral port: no jobs, rate limits out of the way, and no logs unless
 * `log` says at which level and to which file (BENCH_LOG_LEVEL to stdout otherwise).
 */
export async function startApi(databaseUrl: string, poolSize: number, log?: { level: string; file: string }) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: log?.level ?? process.env.BENCH_LOG_LEVEL ?? 'silent',
    JOBS_ENABLED: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    JWT_SECRET: 'bench-checkout-secret-bench-checkout-secret-0123',
    DATA_DIR: path.join(os.tmpdir(), 'bizdash-bench-checkout'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'bizdash-bench-no-web-build'),
    RATE_LIMIT_IP_PER_MINUTE: '100000000',
    RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '100000000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000000',
  });
  const app = await buildApp(config, { logFile: log?.file });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: address, db: app.deps.database.db };
}

/** Merchants straight into the database (no sign-up, so no argon2), each with one product of huge stock. */
export async function insertSellers(db: Db, count: number, label: string): Promise<Seller[]> {
  const sellers: Seller[] = [];
  for (let index = 0; index < count; index += 1) {
    const unique = randomUUID().slice(0, 8);
    const user = await db.transaction((tx) =>
      insertMerchant(
        tx,
        {
          email: `bench-${label}-${index}-${unique}@bizdash.local`,
          firstName: 'Bench',
          lastName: `${label} ${index + 1}`,
          phoneNumber: '08031234567',
          businessName: `Bench ${label} ${index + 1}`,
          countryOfBusiness: 'Nigeria',
        },
        'not-a-password-hash',
      ),
    );
    const product = await insertProduct(db, {
      userId: user.id,
      productName: `Bench ${label} tray ${index + 1}`,
      amount: 500_000,
      currency: 'NGN',
      quantityAvailable: 2_000_000_000,
    });
    const [wallet] = await db
      .select({ id: wallets.id })
      .from(wallets)
      .where(sql`${wallets.userId} = ${user.id} and ${wallets.currency} = 'NGN'`);
    if (!wallet) throw new Error(`merchant ${user.id} has no NGN wallet`);
    sellers.push({ userId: user.id, productId: product.id, walletId: wallet.id });
  }
  return sellers;
}
