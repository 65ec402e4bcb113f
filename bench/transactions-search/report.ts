import os from 'node:os';
import { type UsageSnapshot, usageTables } from '../checkout/index-usage.ts';
import type { Percentiles } from './measure.ts';
import { SCENARIOS, type ScenarioKind } from './scenarios.ts';

/** Issue 10: a text search's first page within 15 ms p95 at 100,000 transactions, 25 ms at 1,000,000. */
const textSearchTargetMs = (rows: number) => (rows <= 100_000 ? 15 : 25);

/** One measured scenario at one concurrency level. */
export interface Row {
  scenario: string;
  connections: number;
  http: Percentiles;
  sql: Percentiles;
  smallHttp: Percentiles;
  /** The indexes the plans of its statements read (EXPLAIN, at the big merchant). */
  indexes: string[];
}

interface Report {
  rows: number;
  smallRows: number;
  others: number;
  loadSeconds: number | null;
  verifySeconds: number;
  verifyOk: boolean;
  duration: number;
  levels: number[];
  results: Row[];
  /** The counters of the transactions table's indexes over the whole run (both levels, HTTP and SQL). */
  indexUsage: UsageSnapshot;
}

/** Which index each query's plan reads, and how often the whole run read each (issue 26 §3). */
function indexSection(report: Report): string[] {
  const byScenario = new Map(report.results.map((row) => [row.scenario, row.indexes]));
  return [
    '## Indexes',
    '',
    "What each query's plan reads (EXPLAIN of its statements at the big merchant):",
    '',
    '| query | indexes read |',
    '|---|---|',
    ...[...byScenario].map(([scenario, indexes]) => `| ${scenario} | ${indexes.join(', ') || '(none)'} |`),
    '',
    "PostgreSQL's counters of the transactions table over the whole run (every level, the API and the bare SQL):",
    '',
    ...usageTables(report.indexUsage),
    '',
  ];
}

const ms = (value: number) => value.toFixed(2);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

function levelSection(report: Report, level: number): string[] {
  const results = report.results.filter((row) => row.connections === level);
  const lines = [
    `## ${level} concurrent connection${level === 1 ? '' : 's'}`,
    '',
    '| query | API p50 | API p95 | API p99 | SQL p50 | SQL p95 | SQL p99 | API/SQL p95 | API p95 at small | growth (big/small p95) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of results) {
    lines.push(
      `| ${row.scenario} | ${ms(row.http.p50)} | ${ms(row.http.p95)} | ${ms(row.http.p99)} | ${ms(row.sql.p50)} | ${ms(row.sql.p95)} | ${ms(row.sql.p99)} | ${(row.http.p95 / row.sql.p95).toFixed(2)}× | ${ms(row.smallHttp.p95)} | ${(row.http.p95 / row.smallHttp.p95).toFixed(2)}× |`,
    );
  }
  const ofKind = (kind: ScenarioKind) =>
    results.filter((row) => SCENARIOS.find((scenario) => scenario.name === row.scenario)?.kind === kind);
  const firstPages = ofKind('first page');
  const worstP95 = Math.max(...firstPages.map((row) => row.http.p95));
  const worstRatio = Math.max(...firstPages.map((row) => row.http.p95 / row.sql.p95));
  const worstGrowth = Math.max(...firstPages.map((row) => row.http.p95 / row.smallHttp.p95));
  const textTarget = textSearchTargetMs(report.rows);
  const worstText = Math.max(...ofKind('text search').map((row) => row.http.p95));
  lines.push(
    '',
    'Targets (first-page queries):',
    `- p95 at most 15 ms: worst ${ms(worstP95)} ms, ${verdict(worstP95 <= 15)}`,
    `- at most 2× the bare SQL: worst ${worstRatio.toFixed(2)}×, ${verdict(worstRatio <= 2)}`,
    `- growth from ${report.smallRows.toLocaleString('en')} to ${report.rows.toLocaleString('en')} rows at most 2×: worst ${worstGrowth.toFixed(2)}×, ${verdict(worstGrowth <= 2)}`,
    '',
    'Target (text searches, first page):',
    `- p95 at most ${textTarget} ms at ${report.rows.toLocaleString('en')} rows: worst ${ms(worstText)} ms, ${verdict(worstText <= textTarget)}`,
    '',
  );
  return lines;
}

export function renderResults(report: Report): string {
  const lines = [
    '# Transaction search benchmark',
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL on the same machine.`,
    `Data: one merchant with ${report.rows.toLocaleString('en')} transactions, one with ${report.smallRows.toLocaleString('en')}, and ${report.others} others with ${report.smallRows.toLocaleString('en')} each (90 days, both currencies, mixed statuses).` +
      (report.loadSeconds === null
        ? ' Loaded earlier (--reuse).'
        : ` Loaded through the ledger in ${report.loadSeconds.toFixed(0)} s, then VACUUM ANALYZE (what autovacuum would do).`),
    `Each query runs for ${report.duration} s after a 3 s warm-up, once per concurrency level (concurrent connections from the load generator; the SQL baseline uses as many concurrent loops). Latencies in milliseconds.`,
    'At 1 connection the numbers are the latency of one request; at more, requests also queue for the two cores that the load generator, the API and PostgreSQL share.',
    '',
  ];
  for (const level of report.levels) lines.push(...levelSection(report, level));
  lines.push(...indexSection(report));
  lines.push(
    `ledger:verify over all rows: ${report.verifyOk ? 'passed' : '**FAILED**'} in ${report.verifySeconds.toFixed(1)} s`,
    '',
  );
  return lines.join('\n');
}
