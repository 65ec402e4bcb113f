// npm run seed [-- --transactions 3000 --merchants 0 --merchant-transactions 1000 --days 90 --email E --password P]
// Creates a demo merchant with realistic history (all posted through the ledger) and, optionally, other merchants.
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { verifyAuditTrail } from '../features/audit/index.ts';
import { verifyLedger } from '../features/money/index.ts';
import { seedDemoHistory } from '../seed/demo-history.ts';
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

// The app itself (its database, keys and sealing, no jobs), so the demo is made by the same code as real use; its
// sandbox card network answers refunds and disputes at once, so the demo's are settled when the seed ends.
const config = loadConfig();
const app = await buildApp({
  ...config,
  checkout: {
    ...config.checkout,
    sandboxRefundSeconds: 0,
    sandboxDisputeAfterSeconds: 0,
    sandboxDisputeReviewSeconds: 0,
  },
  jobsEnabled: false,
  logLevel: 'warn',
});
const { db } = app.deps.database;
const { feeSchedule } = app.deps.config.checkout;
try {
  const started = performance.now();
  const demo = await seedMerchant(db, {
    email: String(values.email).toLowerCase(),
    password: String(values.password),
    firstName: 'Adaeze',
    lastName: 'Okafor',
    businessName: 'Adaeze Fabrics & Co',
    businessDescription:
      'Hand-dyed adire, Ankara and aso-oke textiles made in Lagos, sold online and shipped across Nigeria and abroad.',
    transactions: count('transactions'),
    feeSchedule,
    days: count('days'),
    seed: count('seed'),
    onProgress: (done) => process.stdout.write(`\r  demo merchant: ${done} transactions`),
  });
  process.stdout.write('\n');
  const team = demo.created
    ? await seedDemoHistory(app, demo, {
        email: String(values.email).toLowerCase(),
        password: String(values.password),
      })
    : null;
  for (let index = 1; index <= count('merchants'); index += 1) {
    await seedMerchant(db, {
      email: `merchant-${index}@bizdash.local`,
      password: String(values.password),
      firstName: 'Merchant',
      lastName: `Number ${index}`,
      businessName: `Merchant ${index} Ltd`,
      businessDescription: `Merchant ${index} Ltd sells household goods online and in its shops.`,
      transactions: count('merchant-transactions'),
      feeSchedule,
      days: count('days'),
      seed: count('seed') + index,
    });
    process.stdout.write(`\r  other merchants: ${index}`);
  }
  if (count('merchants') > 0) process.stdout.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    demo.created
      ? `Seeded ${demo.transactions} transactions, a few products, two payments in progress, a team of four with three months of activity, settlement accounts, payouts, refunds and disputes in ${seconds} s.`
      : 'The demo merchant already exists; nothing was added.',
  );
  console.log(`Sign in as ${values.email} with password ${values.password}`);
  if (team) {
    console.log('Its team, each with the same password:');
    for (const member of team.members) {
      console.log(`  ${member.email.padEnd(28)} ${member.firstName} ${member.lastName}, ${member.role}`);
    }
    console.log(`  ${team.pending.email.padEnd(28)} invited as ${team.pending.role}, not accepted yet`);
  }
  if (!values['skip-verify']) {
    const report = await verifyLedger(db);
    console.log(report.ok ? 'ledger:verify passed' : 'ledger:verify FAILED');
    const trail = await verifyAuditTrail(db);
    console.log(trail.ok ? 'audit:verify passed' : `audit:verify FAILED: ${trail.broken}`);
    process.exitCode = report.ok && trail.ok ? 0 : 1;
  }
} finally {
  await app.close();
}
