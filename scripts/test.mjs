// npm test: lint, typecheck, unit/component tests, API tests (PGlite, then TEST_DATABASE_URL's PostgreSQL when
// set), and the e2e suite in Chromium, in two phases of two lanes (see the end of this file); each step's output
// is printed whole when it ends, and the end of every failed step's output again at the bottom. Every step runs;
// the last line sums up the tests. With TEST_NODE_24 naming a Node 24 binary (.ci/run fetches one), the web suite
// and the PostgreSQL API run go on it: the API suite then runs once on each Node, and no suite is added (ADR 066).
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
  console.log(`▶ ${name} (started)`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (error) => log.write(`\n${error.stack ?? error}\n`));
    child.on('close', (code) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const passed = code === 0;
        timings.push({ name, seconds, passed });
        if (!passed) failedSteps.push({ name, logFile });
        console.log(`\n──── ${name}: ${passed ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s ────`);
        console.log(readFileSync(logFile, 'utf8'));
        resolve(passed);
      });
    });
  });
}

function countVitest(report) {
  if (!existsSync(report)) return;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
}

/** A Node 24 binary to run two suites on (ADR 066); unset: every suite on this Node. */
const node24 = process.env.TEST_NODE_24 || null;

/** Vitest on this Node, or on `node` (its directory first on PATH, so the workers it forks are that Node too). */
async function vitest(name, dir, env = process.env, node = null) {
  const step = node ? `${name} on Node 24` : name;
  const report = path.join(reports, `${slug(step)}.json`);
  const args = ['run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile=${report}`];
  if (node) {
    const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');
    const onPath = { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}` };
    await run(step, node, [vitestBin, ...args], onPath);
  } else {
    await run(step, 'npx', ['vitest', ...args], env);
  }
  countVitest(report);
}

function countPlaywright(report) {
  if (!existsSync(report)) return;
  const { stats } = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  totals.flaky += stats.flaky;
}

async function checks() {
  await run('lint (biome, dependency-cruiser, knip)', 'npm', ['run', 'lint', '--silent']);
  await run('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']);
  await vitest('unit: packages/shared', 'packages/shared');
}

// The PGlite run is the one-machine default (rate limits in memory); the PostgreSQL run adds TEST_REDIS_URL's Redis
// when set, as a deployment of several processes does.
const { TEST_DATABASE_URL, TEST_REDIS_URL, ...oneMachineEnv } = process.env;

async function apiOnPglite() {
  await vitest('api on PGlite', 'apps/api', oneMachineEnv);
}

async function apiOnPostgres() {
  if (!TEST_DATABASE_URL) {
    console.log('\n(TEST_DATABASE_URL is not set: API tests ran on PGlite only)');
    return;
  }
  // On Node 24 when there is one: the API suite then runs once on each Node, PGlite on this one.
  await vitest(
    `api on PostgreSQL (TEST_DATABASE_URL${TEST_REDIS_URL ? ', TEST_REDIS_URL' : ''})`,
    'apps/api',
    process.env,
    node24,
  );
  if (!TEST_REDIS_URL) console.log('\n(TEST_REDIS_URL is not set: rate limits were counted in memory only)');
}

async function browserTests() {
  // The e2e config drives Debian's binary behind the /usr/bin/chromium wrapper when it is there.
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `\n✖ e2e: Chromium not found at ${chromium}. Install it with 'sudo apt-get install -y chromium' ` +
        '(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
    );
    failedSteps.push({ name: 'e2e (Chromium missing)' });
    return;
  }
  if (!(await run('build web app for e2e', 'npm', ['run', 'build', '-w', '@bizdash/web']))) return;
  const report = path.join(reports, 'e2e.json');
  await run(
    'e2e (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  );
  countPlaywright(report);
}

const started = Date.now();
// Two phases (ADR 050). First the browser suite, beside only the light checks: three browsers already keep both
// cores busy, and beside the API suites they starved (timeouts, retries). Then the three Vitest suites together.
// The run is CPU-bound, so this order costs no time; a phase's steps within one lane run in turn.
await Promise.all([browserTests(), checks()]);
await Promise.all([
  // jsdom's environment, not the product, is what Node changes for these: on Node 24 when there is one (ADR 066).
  vitest('component: apps/web', 'apps/web', process.env, node24),
  (async () => {
    await apiOnPglite();
    await apiOnPostgres();
  })(),
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
