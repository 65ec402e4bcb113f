// npm run seed [-- --transactions 3000 --merchants 0 --merchant-transactions 1000 --days 90 --email E --password P]
// Creates a demo merchant with realistic history (all posted through the ledger) and, optionally, other merchants.
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemoSettlementAccounts } from '../features/banks/index.ts';
import { verifyLedger } from '../features/money/index.ts';
import { resolveInstanceSecret } from '../lib/instance-secret.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { resolveJwtSecret } from '../lib/tokens.ts';
import { createSandboxBankDirectory } from '../providers/bank-directory/sandbox-bank-directory.ts';
import { seedPendingPayments } from '../seed/demo-payments.ts';
import { seedDemoProducts } from '../seed/demo-products.ts';
import { seedMerchant } from '../seed/seed-merchant.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string', default: 'demo@bizdash.local' },
    password: { type: 'string', default: 'Demo!Bizdash2026' },
    transactions: { type: 'string', default: '3000' },
    merchants: { type: 'string', default: '0' },
    'merchant-transactions': { type: 'string', default: '1000' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string', default: '42' },
    'skip-verify': { type: 'boolean', default: false },
  },
});

const count = (name: keyof typeof values) => {
  const parsed = Number(values[name]);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number`);
  return parsed;
};

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = performance.now();
  const demo = await seedMerchant(database.db, {
    email: String(values.email).toLowerCase(),
    password: String(values.password),
    firstName: 'Adaeze',
    lastName: 'Okafor',
    businessName: 'Adaeze Fabrics & Co',
    transactions: count('transactions'),
    days: count('days'),
    seed: count('seed'),
    onProgress: (done) => process.stdout.write(`\r  demo merchant: ${done} transactions`),
  });
  process.stdout.write('\n');
  if (demo.created) {
    const [scarf] = await seedDemoProducts(database.db, demo.userId);
    if (scarf) await seedPendingPayments(database.db, scarf, config.checkout.feeSchedule);
    // Sealed with this instance's keys, as the server seals them (the same files in DATA_DIR, or the settings).
    const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
    await seedDemoSettlementAccounts(
      {
        database,
        bankDirectory: createSandboxBankDirectory(),
        secretBox: createSecretBox(
          await resolveInstanceSecret(config.secretsKey, config.dataDir, 'secrets-key'),
        ),
        keys: { derive: (purpose) => createHmac('sha256', jwtSecret).update(purpose).digest() },
      },
      demo.userId,
    );
  }
  for (let index = 1; index <= count('merchants'); index += 1) {
    await seedMerchant(database.db, {
      email: `merchant-${index}@bizdash.local`,
      password: String(values.password),
      firstName: 'Merchant',
      lastName: `Number ${index}`,
      businessName: `Merchant ${index} Ltd`,
      transactions: count('merchant-transactions'),
      days: count('days'),
      seed: count('seed') + index,
    });
    process.stdout.write(`\r  other merchants: ${index}`);
  }
  if (count('merchants') > 0) process.stdout.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    demo.created
      ? `Seeded ${demo.transactions} transactions, a few products, two payments in progress and two settlement accounts in ${seconds} s.`
      : 'The demo merchant already exists; nothing was added.',
  );
  console.log(`Sign in as ${values.email} with password ${values.password}`);
  if (!values['skip-verify']) {
    const report = await verifyLedger(database.db);
    console.log(report.ok ? 'ledger:verify passed' : 'ledger:verify FAILED');
    process.exitCode = report.ok ? 0 : 1;
  }
} finally {
  await database.close();
}
