import os from 'node:os';
import type { DrainCell } from './as-started.ts';
import type { PaymentProfile, Statement, StatementCounts } from './capture.ts';
import { SANDBOX_TABLE } from './capture.ts';
import { type UsageSnapshot, usageTables } from './index-usage.ts';
import type { Cell } from './measure.ts';
import type { ProfileSummary } from './profile.ts';

export type Scenario = 'spread' | 'hot';

export interface Row {
  scenario: Scenario;
  connections: number;
  app: Cell;
  floor: Cell;
}

export interface Results {
  startedAt: string;
  machine: string;
  /** The 1-minute load average as the run started and ended. */
  load: { before: number; after: number };
  shared: string | null;
  /** Printed under the title: what this run stands for (for example the numbers before a change). */
  note: string | null;
  node: string;
  postgres: string;
  autovacuum: string;
  merchants: number;
  poolSize: number;
  duration: number;
  maxRequests: number;
  warmUp: number;
  profile: PaymentProfile;
  /** One payment and the handling of every delivery it left. */
  deliveriesProfile: PaymentProfile;
  /** Those deliveries' statements (the payment's own are `statements`). */
  deliveryStatements: Statement[];
  /** The headline: npm start's configuration, a burst at each concurrency and the drain after it. */
  asStarted: Record<Scenario, DrainCell[]>;
  /** Payments/s of each 10 s slice of one long hot-wallet run on npm start's configuration. */
  hotRun: { perSecond: number; cpuMsPerPayment: { server: number; postgres: number } }[];
  /** npm start's WEB_CONCURRENCY in the headline. */
  webConcurrency: number;
  /** What npm start's run read of each index of the tables a payment writes, and how many updates were HOT. */
  indexUsage: UsageSnapshot;
  statements: Statement[];
  rows: Row[];
  ledger: { ok: boolean; seconds: number; checks: { name: string; checked: number; violations: number }[] };
  unsuccessfulPayments: number;
  cpuProfile: ProfileSummary | null;
}

const TARGETS = {
  spreadPerSecond: 150,
  hotPerSecond: 100,
  ofFloor: 0.85,
  statements: 15,
  commits: 2,
  sandboxCommits: 1,
  /** The throughput targets hold at these concurrency levels. */
  levels: [8, 32],
};

const ms = (value: number) => value.toFixed(1);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const SCENARIO_NAMES: Record<Scenario, string> = {
  spread: `(a) spread over the merchants`,
  hot: '(b) one hot wallet',
};

function countsLine(label: string, counts: StatementCounts) {
  return `| ${label} | ${counts.statements} | ${counts.dataStatements} | ${counts.transactions} | ${counts.savepoints} | ${counts.autocommittedWrites} | ${counts.autocommittedReads} | ${counts.commits} | ${counts.asyncCommits} |`;
}

/** Issue 26 §2: the pipeline at the speed of the payments, as npm start runs. */
const AS_STARTED_TARGETS = { perSecondWithDrain: 250, connections: 8, drainSeconds: 5, flushedCommits: 3 };

const flushed = (counts: StatementCounts) => counts.commits - counts.asyncCommits;

const cpuTotal = ({ server, postgres, loadGenerator }: DrainCell['cpuMsPerPayment']) =>
  server + postgres + loadGenerator;

/** Where the CPU of a payment goes, and the rate the machine's cores allow at that cost. */
function cpuCeiling(cell: DrainCell) {
  if (!cell.cpuMsPerPayment) return [];
  const { server, postgres, loadGenerator } = cell.cpuMsPerPayment;
  const cores = os.cpus().length;
  const ceiling = (1000 * cores) / cpuTotal(cell.cpuMsPerPayment);
  return [
    `  - why: a payment with its deliveries cost ${cpuTotal(cell.cpuMsPerPayment).toFixed(1)} ms of CPU (npm start's process ${server.toFixed(1)}, PostgreSQL ${postgres.toFixed(1)}, the load generator ${loadGenerator.toFixed(1)}), so ${cores} cores allow at most ${ceiling.toFixed(0)} payments/s with all three on them; the server's own share allows ${((1000 * cores) / (server + postgres)).toFixed(0)}/s where the load comes from elsewhere, and ${(1000 / server).toFixed(0)}/s per core given to npm start's process with PostgreSQL on cores of its own.`,
  ];
}

function asStartedTargets(results: Results) {
  const lines: string[] = [];
  const goal = AS_STARTED_TARGETS;
  for (const cell of results.asStarted.spread.filter((row) => row.connections === goal.connections)) {
    lines.push(
      `- spread over the merchants, ${cell.connections} connections, payments/s with the drain: ${cell.perSecondWithDrain.toFixed(0)} against at least ${goal.perSecondWithDrain}: ${verdict(cell.perSecondWithDrain >= goal.perSecondWithDrain)}`,
      `- the backlog after a ${cell.app.seconds.toFixed(0)} s burst drained in ${cell.drainSeconds.toFixed(1)} s against at most ${goal.drainSeconds} s: ${verdict(cell.drainSeconds <= goal.drainSeconds)}`,
      ...cpuCeiling(cell),
    );
  }
  const [first, ...rest] = results.hotRun;
  const last = rest.at(-1);
  if (first && last) {
    const ratio = last.perSecond / first.perSecond;
    const cpu = (slice: typeof first) =>
      `${slice.perSecond.toFixed(0)}/s (${slice.cpuMsPerPayment.server.toFixed(1)} + ${slice.cpuMsPerPayment.postgres.toFixed(1)} ms)`;
    lines.push(
      `- one hot wallet over ${results.hotRun.length * 10} s: the last 10 s at ${(ratio * 100).toFixed(0)}% of the first (stable: at least 90%): ${verdict(ratio >= 0.9)}`,
      `  - each 10 s slice, with the CPU a payment cost npm start's process + PostgreSQL: ${results.hotRun.map(cpu).join(', ')}`,
    );
  }
  const { ours, sandbox } = results.deliveriesProfile;
  const commits = flushed(ours) + flushed(sandbox);
  lines.push(
    `- flushed commits per payment counting its deliveries (the sandbox acquirer's included): ${commits} against at most ${goal.flushedCommits}: ${verdict(commits <= goal.flushedCommits)}`,
  );
  return lines;
}

function asStartedSection(results: Results) {
  const { ours, sandbox } = results.deliveriesProfile;
  const rows = (['spread', 'hot'] as const).flatMap((scenario) =>
    results.asStarted[scenario].map(
      (cell) =>
        `| ${SCENARIO_NAMES[scenario]} | ${cell.connections} | ${cell.perSecondWithDrain.toFixed(0)} | ${cell.app.perSecond.toFixed(0)} | ${ms(cell.app.p50)} | ${ms(cell.app.p95)} | ${cell.backlogAtEnd.toLocaleString('en')} | ${cell.drainSeconds.toFixed(1)} | ${cell.deliveriesDelivered.toLocaleString('en')} / ${cell.deliveriesFailed} | ${cell.writeTransactionsPerPayment.toFixed(1)} | ${(cell.walBytesPerPayment / 1024).toFixed(1)} | ${cell.cpuMsPerPayment ? `${cell.cpuMsPerPayment.server.toFixed(1)} / ${cell.cpuMsPerPayment.postgres.toFixed(1)} / ${cell.cpuMsPerPayment.loadGenerator.toFixed(1)}` : ''} |`,
    ),
  );
  return [
    '## As `npm start` runs it (the headline)',
    '',
    `\`npm start\`'s command line (package.json) in a process of its own on the bench database${results.webConcurrency > 1 ? ` with WEB_CONCURRENCY=${results.webConcurrency} (its processes' CPU counted together)` : ''}: jobs on and the default log level (its lines written to a stdout nobody reads), rate limits out of the way. Each cell is a burst of --duration (${results.duration} s) with no payment cap, then the wait until no event delivery is pending. "With the drain" is the burst's payments over the burst and the drain together: what the process sustains. Write transactions are the transaction ids PostgreSQL assigned (one per transaction that wrote), deliveries included; WAL is pg_current_wal_lsn's advance, both per payment. CPU is each process's user and system time over the burst and the drain (Linux /proc: npm start's process, every PostgreSQL process, this benchmark's process with the load generator's thread) per payment.`,
    '',
    '| scenario | connections | payments/s with the drain | request path payments/s | p50 | p95 | deliveries waiting at the end | drained in s | delivered / dead | write transactions per payment | WAL KiB per payment | CPU ms per payment: server / PostgreSQL / load generator |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    "One approved payment and the handling of every delivery it left (captured in the benchmark's own API, its job runner run by hand):",
    '',
    '| whose | statements | without BEGIN/COMMIT/SAVEPOINT | transactions | savepoints | autocommitted writes | autocommitted reads | commits | of which asynchronous |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    countsLine('ours', ours),
    countsLine('sandbox acquirer', sandbox),
    '',
    '### Targets (issue 26, section 2)',
    '',
    ...asStartedTargets(results),
    '',
    '### Indexes of the tables a payment writes, over that run (issue 26, section 3)',
    '',
    "PostgreSQL's counters (pg_stat_user_indexes, pg_stat_user_tables) read before npm start's server started and after it stopped: every scan of each index by its bursts, the drains and the hot-wallet run (the benchmark's own counts of the payments add a handful), and every row written. An index no query here reads is written on every insert and every non-HOT update all the same; what the search needs is in bench/results/transactions-search-100k.md.",
    '',
    ...usageTables(results.indexUsage),
    '',
  ];
}

/** Met or missed, and by how much, for every target of the issue. */
function targets(results: Results) {
  const lines: string[] = [];
  for (const scenario of ['spread', 'hot'] as const) {
    const goal = scenario === 'spread' ? TARGETS.spreadPerSecond : TARGETS.hotPerSecond;
    for (const row of results.rows.filter(
      (candidate) => candidate.scenario === scenario && TARGETS.levels.includes(candidate.connections),
    )) {
      const rate = row.app.perSecond;
      const ratio = rate / row.floor.perSecond;
      lines.push(
        `- ${SCENARIO_NAMES[scenario]}, ${row.connections} connections: ${rate.toFixed(0)} payments/s against at least ${goal}: ${verdict(rate >= goal)}${rate >= goal ? '' : ` (${(goal - rate).toFixed(0)}/s short, ${(rate / goal).toFixed(2)}× of the target)`}; ${ratio.toFixed(2)}× of the replay floor against at least ${TARGETS.ofFloor}×: ${verdict(ratio >= TARGETS.ofFloor)}`,
      );
    }
  }
  const { ours, sandbox } = results.profile;
  lines.push(
    `- statements of our own per approved payment: ${ours.statements} (${ours.dataStatements} without transaction control) against at most ${TARGETS.statements}: ${verdict(ours.statements <= TARGETS.statements)}`,
    // The issue counts commits as disk flushes ("6 commits (each a disk flush)"): asynchronous ones wait for none.
    `- flushed commits of our own per approved payment: ${ours.commits - ours.asyncCommits} (and ${ours.asyncCommits} asynchronous, which wait for no flush) against at most ${TARGETS.commits}: ${verdict(ours.commits - ours.asyncCommits <= TARGETS.commits)}`,
    `- commits of the sandbox acquirer per approved payment: ${sandbox.commits} against at most ${TARGETS.sandboxCommits} more: ${verdict(sandbox.commits <= TARGETS.sandboxCommits)}`,
  );
  return lines;
}

function statementTable(statements: Statement[]) {
  const lines = ['| # | unit | whose | statement |', '|---:|---:|---|---|'];
  statements.forEach((statement, index) => {
    const text = statement.text.replace(/\s+/g, ' ').trim();
    const short = text.length > 110 ? `${text.slice(0, 107)}...` : text;
    lines.push(
      `| ${index + 1} | ${statement.unit} | ${SANDBOX_TABLE.test(statement.text) ? 'sandbox' : 'ours'}${statement.afterResponse ? ', after the response' : ''} | \`${short.replaceAll('|', '\\|').replaceAll('`', "'")}\` |`,
    );
  });
  return lines;
}

export function renderResults(results: Results): string {
  const { ours, sandbox } = results.profile;
  const lines = [
    '# Checkout benchmark',
    '',
    ...(results.note ? [results.note, ''] : []),
    `Run ${results.startedAt} on ${results.machine}, Node ${results.node}, ${results.postgres} on the same machine; load average ${results.load.before.toFixed(1)} as the run started and ${results.load.after.toFixed(1)} as it ended.${results.shared ? ` ${results.shared}` : ''}`,
    ...(results.cpuProfile
      ? [
          'This run had --cpu-prof on: the API cells ran under the sampling profiler (every 0.5 ms), which costs the API a few per cent.',
        ]
      : []),
    `PostgreSQL's autovacuum is \`${results.autovacuum}\` on this server${results.autovacuum === 'off' ? ', so the benchmark runs VACUUM ANALYZE after set-up' : '; the benchmark still runs VACUUM ANALYZE after set-up'}.`,
    `Set-up: ${results.merchants} merchants with one product each for (a), one more merchant with one product for (b), inserted directly. The API runs in the benchmark's process (buildApp, jobs off, rate limits out of the way, pool of ${results.poolSize} connections) on 127.0.0.1; autocannon sends the payments from a worker thread, each with a fresh Idempotency-Key, the sandbox's approved Visa card, quantity 1. A ${results.warmUp} s warm-up of both precedes the cells.`,
    `Each cell runs for at most ${results.duration} s or ${results.maxRequests.toLocaleString('en')} payments. The floor replays one captured payment's own statements through bare \`pg\` (a pool of the same ${results.poolSize} connections, as many loops as connections, the same transaction boundaries and order, fresh ids, keys and references per iteration), right after the API cell of the same scenario and concurrency. Latencies in milliseconds; "main thread" is the time the process's main thread (the API, or the replay's pg client) was busy per payment.`,
    '',
    ...asStartedSection(results),
    '## Diagnostics: the request path alone (jobs off, logs silent), against the replay floor',
    '',
    '### One approved payment',
    '',
    '| whose | statements | without BEGIN/COMMIT/SAVEPOINT | transactions | savepoints | autocommitted writes | autocommitted reads | commits | of which asynchronous |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    countsLine('ours', ours),
    countsLine('sandbox acquirer (`sandbox_card_authorizations`)', sandbox),
    `| together | ${ours.statements + sandbox.statements} | ${ours.dataStatements + sandbox.dataStatements} | ${ours.transactions + sandbox.transactions} | ${ours.savepoints + sandbox.savepoints} | ${ours.autocommittedWrites + sandbox.autocommittedWrites} | ${ours.autocommittedReads + sandbox.autocommittedReads} | ${ours.commits + sandbox.commits} | ${ours.asyncCommits + sandbox.asyncCommits} |`,
    '',
    `Commits count COMMITs of transactions that wrote and autocommitted writes; each waits for a flush of the write-ahead log unless it runs with synchronous_commit off (asynchronous). ${results.profile.afterResponse} statement(s) came after the HTTP response.`,
    '',
    '### Throughput and latency',
    '',
    '| scenario | connections | API payments/s | API p50 | API p95 | API p99 | API main thread ms | floor payments/s | floor p50 | floor p95 | floor p99 | floor main thread ms | API / floor (payments/s) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of results.rows) {
    lines.push(
      `| ${SCENARIO_NAMES[row.scenario]} | ${row.connections} | ${row.app.perSecond.toFixed(0)} | ${ms(row.app.p50)} | ${ms(row.app.p95)} | ${ms(row.app.p99)} | ${row.app.mainThreadMsPerPayment.toFixed(2)} | ${row.floor.perSecond.toFixed(0)} | ${ms(row.floor.p50)} | ${ms(row.floor.p95)} | ${ms(row.floor.p99)} | ${row.floor.mainThreadMsPerPayment.toFixed(2)} | ${(row.app.perSecond / row.floor.perSecond).toFixed(2)}× |`,
    );
  }
  lines.push('', '### Targets (issue #8, section 8)', '', ...targets(results), '');
  lines.push(
    `ledger:verify on the benchmark's database afterwards (the API's payments and the replay's): ${results.ledger.ok ? 'passed' : '**FAILED**'} in ${results.ledger.seconds.toFixed(1)} s`,
    '',
    ...results.ledger.checks.map(
      (check) =>
        `- ${check.name}: ${check.checked.toLocaleString('en')} checked, ${check.violations} violations`,
    ),
    '',
    `Card payments not SUCCESSFUL after the run: ${results.unsuccessfulPayments}.`,
    '',
  );
  if (results.cpuProfile) {
    lines.push(
      '## Where the API thread spends its time (CPU profile of the API cells)',
      '',
      `Profiles: \`${results.cpuProfile.dir}\`, one .cpuprofile per API cell (open them in Chrome DevTools or speedscope). Self time of the main thread by origin, ${results.cpuProfile.totalMs.toFixed(0)} ms sampled:`,
      '',
      '| origin | self ms | share |',
      '|---|---:|---:|',
      ...results.cpuProfile.byOrigin.map(
        (entry) => `| ${entry.name} | ${entry.ms.toFixed(0)} | ${(entry.share * 100).toFixed(1)}% |`,
      ),
      '',
      'Heaviest functions (self time):',
      '',
      '| function | where | self ms | share |',
      '|---|---|---:|---:|',
      ...results.cpuProfile.byFunction.map(
        (entry) =>
          `| \`${entry.name}\` | ${entry.where} | ${entry.ms.toFixed(0)} | ${(entry.share * 100).toFixed(1)}% |`,
      ),
      '',
    );
  }
  lines.push(
    '## The statements of one approved payment',
    '',
    'As captured from the API (pg.Client.prototype.query wrapped while one payment ran); statements of one transaction share a unit.',
    '',
    ...statementTable(results.statements),
    '',
    "## The statements of that payment's deliveries",
    '',
    'As captured while the job runner handled every delivery one more payment left (its own statements left out).',
    '',
    ...statementTable(results.deliveryStatements),
    '',
  );
  return lines.join('\n');
}

export function machineLine() {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model ?? 'CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
}
