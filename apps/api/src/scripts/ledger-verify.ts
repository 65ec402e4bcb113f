// npm run ledger:verify: checks the ledger of the configured database (DATABASE_URL, else DATA_DIR's PGlite).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyLedger } from '../features/money/index.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = performance.now();
  const report = await verifyLedger(database.db);
  for (const check of report.checks) {
    const mark = check.violations === 0 ? '✓' : '✗';
    console.log(`${mark} ${check.name}: ${check.checked} checked, ${check.violations} violations`);
    for (const example of check.examples) console.log(`    ${example}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(report.ok ? `Ledger OK (${seconds} s)` : `Ledger has violations (${seconds} s)`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
