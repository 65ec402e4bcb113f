import os from 'node:os';
import type { Row } from './run.ts';
import { SCENARIOS } from './scenarios.ts';

interface Report {
  rows: number;
  smallRows: number;
  others: number;
  loadSeconds: number | null;
  verifySeconds: number;
  verifyOk: boolean;
  measure: { duration: number; connections: number };
  results: Row[];
}

const ms = (value: number) => value.toFixed(2);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

export function renderResults(report: Report): string {
  const lines = [
    '# Transaction search benchmark',
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL on the same machine.`,
    `Data: one merchant with ${report.rows.toLocaleString('en')} transactions, one with ${report.smallRows.toLocaleString('en')}, and ${report.others} others with ${report.smallRows.toLocaleString('en')} each (90 days, both currencies, mixed statuses).` +
      (report.loadSeconds === null
        ? ' Loaded earlier (--reuse).'
        : ` Loaded through the ledger in ${report.loadSeconds.toFixed(0)} s.`),
    `Each query: ${report.measure.connections} concurrent connections for ${report.measure.duration} s after a 1 s warm-up; latencies in milliseconds.`,
    '',
    '| query | API p50 | API p95 | API p99 | SQL p50 | SQL p95 | SQL p99 | API/SQL p95 | API p95 at small | growth (big/small p95) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of report.results) {
    lines.push(
      `| ${row.scenario} | ${ms(row.http.p50)} | ${ms(row.http.p95)} | ${ms(row.http.p99)} | ${ms(row.sql.p50)} | ${ms(row.sql.p95)} | ${ms(row.sql.p99)} | ${(row.http.p95 / row.sql.p95).toFixed(2)}× | ${ms(row.smallHttp.p95)} | ${(row.http.p95 / row.smallHttp.p95).toFixed(2)}× |`,
    );
  }
  const firstPages = report.results.filter(
    (row) => SCENARIOS.find((s) => s.name === row.scenario)?.firstPage,
  );
  const worstP95 = Math.max(...firstPages.map((row) => row.http.p95));
  const worstRatio = Math.max(...firstPages.map((row) => row.http.p95 / row.sql.p95));
  const worstGrowth = Math.max(...firstPages.map((row) => row.http.p95 / row.smallHttp.p95));
  lines.push(
    '',
    'Targets (first-page queries):',
    `- p95 at most 15 ms: worst ${ms(worstP95)} ms, ${verdict(worstP95 <= 15)}`,
    `- at most 2× the bare SQL: worst ${worstRatio.toFixed(2)}×, ${verdict(worstRatio <= 2)}`,
    `- growth from ${report.smallRows.toLocaleString('en')} to ${report.rows.toLocaleString('en')} rows at most 2×: worst ${worstGrowth.toFixed(2)}×, ${verdict(worstGrowth <= 2)}`,
    `- ledger:verify over all rows: ${report.verifyOk ? 'passed' : '**FAILED**'} in ${report.verifySeconds.toFixed(1)} s`,
    '',
  );
  return lines.join('\n');
}
