import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { SignUpRequest } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, testConfig } from '../src/config.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestContext {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A throwaway database per test file: PGlite in memory, or a fresh database on TEST_DATABASE_URL's server. */
async function createTestDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
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
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig({
    jwtSecret: TEST_JWT_SECRET,
    dataDir: path.join(os.tmpdir(), 'bizdash-test-data'),
    webDistDir: path.join(os.tmpdir(), 'bizdash-no-web-build'),
    databaseUrl: database.url,
    rateLimit: { ipPerMinute: 100_000, accountPer15Minutes: 100_000 },
    ...overrides,
  });
  const app = await buildApp(config, { inMemoryDatabase: true });
  return {
    app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
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
