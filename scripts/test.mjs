// npm test: lint, typecheck, unit/component tests, API tests (PGlite, then TEST_DATABASE_URL's PostgreSQL when
// set), and the e2e suite in Chromium. Three lanes run side by side (see the end of this file); each step's output
// is printed whole when it ends, and the end of every failed step's output again at the bottom. Every step runs; the last line sums up the tests.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failedSteps = [];
const timings = [];
const slug = (name) => name.replace(/\W+/g, '-').replace(/^-|-$/g, '');

/** Runs one step with its output in .reports/<step>.log, then prints that output; resolves to whether it passed. */
function run(name, command, args, env = process.env) {
  const logFile = path.join(reports, `${slug(name)}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
// Three lanes: the checks and the web tests (CPU), the API suites (CPU and the database), the e2e suite (mostly
// waiting on pages and the server). Each lane's steps run one after another.
await Promise.all([
  (async () => {
    await checksAndUnitTests();
    await apiOnPostgres();
  })(),
  apiOnPglite(),
  browserTests(),
]);

console.log('\n──── summary ────');
for (const { name, seconds, passed } of timings) console.log(`${passed ? '✓' : '✖'} ${name}: ${seconds} s`);
console.log(`whole run: ${Math.round((Date.now() - started) / 1000)} s`);
for (const { name, logFile } of failedSteps) {
  if (!logFile) continue;
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  console.log(`\n──── end of ${name}'s output ────\n${lines.slice(-150).join('\n')}`);
}
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.map(({ name }) => name).join('; ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
const flaky = totals.flaky > 0 ? ` (${totals.flaky} passed only on a retry: see the e2e output)` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}${flaky}`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
