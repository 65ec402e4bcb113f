import os from 'node:os';
import type { PaymentProfile, Statement, StatementCounts } from './capture.ts';
import { SANDBOX_TABLE } from './capture.ts';
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
    `Run ${results.startedAt} on ${results.machine}, Node ${results.node}, ${results.postgres} on the same machine.${results.shared ? ` ${results.shared}` : ''}`,
    ...(results.cpuProfile
      ? [
          'This run had --cpu-prof on: the API cells ran under the sampling profiler (every 0.5 ms), which costs the API a few per cent.',
        ]
      : []),
    `PostgreSQL's autovacuum is \`${results.autovacuum}\` on this server${results.autovacuum === 'off' ? ', so the benchmark runs VACUUM ANALYZE after set-up' : '; the benchmark still runs VACUUM ANALYZE after set-up'}.`,
    `Set-up: ${results.merchants} merchants with one product each for (a), one more merchant with one product for (b), inserted directly. The API runs in the benchmark's process (buildApp, jobs off, rate limits out of the way, pool of ${results.poolSize} connections) on 127.0.0.1; autocannon sends the payments from a worker thread, each with a fresh Idempotency-Key, the sandbox's approved Visa card, quantity 1. A ${results.warmUp} s warm-up of both precedes the cells.`,
    `Each cell runs for at most ${results.duration} s or ${results.maxRequests.toLocaleString('en')} payments. The floor replays one captured payment's own statements through bare \`pg\` (a pool of the same ${results.poolSize} connections, as many loops as connections, the same transaction boundaries and order, fresh ids, keys and references per iteration), right after the API cell of the same scenario and concurrency. Latencies in milliseconds; "main thread" is the time the process's main thread (the API, or the replay's pg client) was busy per payment.`,
    '',
    '## One approved payment',
    '',
    '| whose | statements | without BEGIN/COMMIT/SAVEPOINT | transactions | savepoints | autocommitted writes | autocommitted reads | commits | of which asynchronous |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    countsLine('ours', ours),
    countsLine('sandbox acquirer (`sandbox_card_authorizations`)', sandbox),
    `| together | ${ours.statements + sandbox.statements} | ${ours.dataStatements + sandbox.dataStatements} | ${ours.transactions + sandbox.transactions} | ${ours.savepoints + sandbox.savepoints} | ${ours.autocommittedWrites + sandbox.autocommittedWrites} | ${ours.autocommittedReads + sandbox.autocommittedReads} | ${ours.commits + sandbox.commits} | ${ours.asyncCommits + sandbox.asyncCommits} |`,
    '',
    `Commits count COMMITs of transactions that wrote and autocommitted writes; each waits for a flush of the write-ahead log unless it runs with synchronous_commit off (asynchronous). ${results.profile.afterResponse} statement(s) came after the HTTP response.`,
    '',
    '## Throughput and latency',
    '',
    '| scenario | connections | API payments/s | API p50 | API p95 | API p99 | API main thread ms | floor payments/s | floor p50 | floor p95 | floor p99 | floor main thread ms | API / floor (payments/s) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of results.rows) {
    lines.push(
      `| ${SCENARIO_NAMES[row.scenario]} | ${row.connections} | ${row.app.perSecond.toFixed(0)} | ${ms(row.app.p50)} | ${ms(row.app.p95)} | ${ms(row.app.p99)} | ${row.app.mainThreadMsPerPayment.toFixed(2)} | ${row.floor.perSecond.toFixed(0)} | ${ms(row.floor.p50)} | ${ms(row.floor.p95)} | ${ms(row.floor.p99)} | ${row.floor.mainThreadMsPerPayment.toFixed(2)} | ${(row.app.perSecond / row.floor.perSecond).toFixed(2)}× |`,
    );
  }
  lines.push('', '## Targets (issue #8, section 8)', '', ...targets(results), '');
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
  );
  return lines.join('\n');
}

export function machineLine() {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model ?? 'CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
}
