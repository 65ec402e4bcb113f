// npm run audit:verify: checks the audit trail's hash chains in the configured database (DATABASE_URL, else
// DATA_DIR's PGlite); exits 1 naming the first broken entry.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyAuditTrail } from '../features/audit/index.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await verifyAuditTrail(database.db);
  if (report.ok) {
    console.log(`Audit chain OK (${report.entries} entries)`);
  } else {
    console.error(`Audit chain broken: ${report.broken}`);
  }
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
