// npm test: lint, typecheck, unit/component tests, API tests (PGlite, then TEST_DATABASE_URL's PostgreSQL when
// set), then the e2e suite in Chromium. Every step runs; the last line sums up the tests of all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = process.env) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countVitest(report) {
  if (!existsSync(report)) return;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
}

function vitest(name, dir, env = process.env) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  run(
    name,
    'npx',
    ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    env,
  );
  countVitest(report);
}

run('lint (biome, dependency-cruiser, knip)', 'npm', ['run', 'lint', '--silent']);
run('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit: packages/shared', 'packages/shared');
vitest('component: apps/web', 'apps/web');

// The PGlite run is the one-machine default (rate limits in memory); the PostgreSQL run adds TEST_REDIS_URL's Redis
// when set, as a deployment of several processes does.
const { TEST_DATABASE_URL, TEST_REDIS_URL, ...oneMachineEnv } = process.env;
vitest('api on PGlite', 'apps/api', oneMachineEnv);
if (TEST_DATABASE_URL) {
  vitest(`api on PostgreSQL (TEST_DATABASE_URL${TEST_REDIS_URL ? ', TEST_REDIS_URL' : ''})`, 'apps/api');
  if (!TEST_REDIS_URL) console.log('\n(TEST_REDIS_URL is not set: rate limits were counted in memory only)');
} else console.log('\n(TEST_DATABASE_URL is not set: API tests ran on PGlite only)');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\n✖ e2e: Chromium not found at ${chromium}. Install it with 'sudo apt-get install -y chromium' ` +
      '(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
  );
  failedSteps.push('e2e (Chromium missing)');
} else if (run('build web app for e2e', 'npm', ['run', 'build', '-w', '@bizdash/web'])) {
  const report = path.join(reports, 'e2e.json');
  run('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    ...process.env,
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (existsSync(report)) {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join('; ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
