import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { patience } from './support/patience.ts';
import { PAYSTACK_SERVER, PAYSTACK_STAND_IN } from './support/paystack.ts';
import { SANDBOX_MAILBOX_KEY } from './support/sandbox-mailbox.ts';
import { SEEDED_MERCHANT } from './support/seeded-merchant.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://localhost:${port}`;
// A throwaway data directory per run: the e2e suite never sees the developer's data.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bizdash-e2e-'));
// Debian's /usr/bin/chromium is a wrapper that adds desktop flags (GPU rasterization, extensions); headless, they
// only cost CPU, so the binary behind it is driven when it is there.
const debianChromium = '/usr/lib/chromium/chromium';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(debianChromium) ? debianChromium : '/usr/bin/chromium');

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  // Every test signs up merchants of its own, so any test can run beside any other. The suite mostly waits (on
  // pages, the server, holds and two-factor windows), not on the CPU: three browsers at once finish it far sooner.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // In CI a test that fails is run once more, and reported as flaky if it passes then (npm test's last line says so).
  retries: process.env.CI ? 1 : 0,
  // A journey spends most of its time waiting on a machine it shares with the API suites (npm test's other lane).
  timeout: patience(60_000),
  expect: { timeout: patience(15_000) },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.reports/e2e.json' }],
  ],
  use: {
    baseURL,
    // A trace records every action with screenshots: only a retry (in CI) records one, for a test that failed once.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Pages settle without animations (index.css honours the preference): less drawing, no waiting on a fade.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // A merchant with history first (the server holds the embedded database once it runs), then the product.
      command: `node --import tsx apps/api/src/scripts/seed.ts --email ${SEEDED_MERCHANT.email} --password '${SEEDED_MERCHANT.password}' --transactions ${SEEDED_MERCHANT.transactions} && node scripts/start.mjs`,
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: patience(120_000),
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        // The suite signs up many merchants from one address within a minute.
        RATE_LIMIT_IP_PER_MINUTE: '1000',
        RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '200',
        RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
        // A known operator key, so the specs can read the sandbox mailbox as the operator does.
        SANDBOX_MAILBOX_KEY,
        // Settlement accounts the specs add can receive payouts at once (the 24-hour hold has its own unit tests).
        PAYOUT_NEW_ACCOUNT_HOLD_HOURS: '0',
        // The webhook specs deliver to a receiver the test runs on this machine (loopback).
        ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
        // The disputes spec: the sandbox network disputes a 0259 card payment and decides its evidence within seconds.
        SANDBOX_DISPUTE_AFTER_SECONDS: '3',
        SANDBOX_DISPUTE_REVIEW_SECONDS: '3',
      },
    },
    // The Paystack stand-in (apps/api/test/support/paystack-stand-in), whose webhooks go to the Paystack server.
    {
      command: `node --import tsx apps/api/test/support/paystack-stand-in/serve.ts --port ${PAYSTACK_STAND_IN.port} --secret-key ${PAYSTACK_STAND_IN.secretKey} --webhook-url ${PAYSTACK_SERVER.baseURL}/api/providers/paystack/webhook`,
      cwd: '..',
      url: `${PAYSTACK_STAND_IN.url}/bank?country=nigeria`,
      reuseExistingServer: false,
      timeout: patience(60_000),
    },
    // The product with Paystack as acquirer, bank directory and payout rail, pointed at the stand-in (specs/paystack-*).
    {
      command: 'node scripts/start.mjs',
      cwd: '..',
      url: `${PAYSTACK_SERVER.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: patience(120_000),
      env: {
        PORT: String(PAYSTACK_SERVER.port),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bizdash-e2e-paystack-')),
        PUBLIC_URL: PAYSTACK_SERVER.baseURL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_IP_PER_MINUTE: '1000',
        RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '200',
        RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
        SANDBOX_MAILBOX_KEY,
        PAYOUT_NEW_ACCOUNT_HOLD_HOURS: '0',
        PAYMENTS_PROVIDER: 'paystack',
        BANK_DIRECTORY_PROVIDER: 'paystack',
        PAYOUT_RAIL_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: PAYSTACK_STAND_IN.secretKey,
        PAYSTACK_BASE_URL: PAYSTACK_STAND_IN.url,
      },
    },
  ],
});
