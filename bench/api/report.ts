import type { ProfileSummary } from '../checkout/profile.ts';
import type { Cell } from './measure.ts';

export interface ApiResults {
  date: string;
  machine: string;
  connections: number;
  duration: number;
  rounds: number;
  transactions: number;
  shared?: string;
  note?: string;
  /** The bare route first; each scenario's cells, one per round. */
  cells: { name: string; runs: Cell[] }[];
  profile?: ProfileSummary;
}

const TARGET_PER_SECOND = 2000;
const TARGET_SHARE_OF_BARE = 0.12;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
};
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function renderApiResults(results: ApiResults): string {
  const [bare, ...routes] = results.cells.map(({ name, runs }) => ({
    name,
    perSecond: median(runs.map((run) => run.perSecond)),
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
    msPerRequest: median(runs.map((run) => run.mainThreadMsPerRequest)),
  }));
  if (!bare) throw new Error('no cells');
  const lines = [
    '# API: CPU per authenticated request',
    '',
    `Run of ${results.date} on ${results.machine}. PostgreSQL on the same machine; the API in this process (pool of 10), the bare Fastify route beside it, autocannon on a worker thread; ${results.connections} connections, ${results.rounds} rounds of ${results.duration} s per scenario (medians), a merchant with ${results.transactions.toLocaleString('en')} transactions.`,
    ...(results.shared ? ['', `**Machine shared:** ${results.shared}`] : []),
    ...(results.note ? ['', `**Note:** ${results.note}`] : []),
    '',
    '| scenario | requests/s | p50 ms | p95 ms | main thread ms per request | share of the bare route |',
    '|---|---:|---:|---:|---:|---:|',
    ...[bare, ...routes].map(
      (row) =>
        `| ${row.name} | ${fixed(row.perSecond, 0)} | ${fixed(row.p50)} | ${fixed(row.p95)} | ${fixed(row.msPerRequest, 3)} | ${percent(row.perSecond / bare.perSecond)} |`,
    ),
    '',
    '## Targets',
    ...routes.map((row) => {
      const share = row.perSecond / bare.perSecond;
      const met = row.perSecond >= TARGET_PER_SECOND && share >= TARGET_SHARE_OF_BARE;
      return `- ${row.name}: ${fixed(row.perSecond, 0)}/s (target ${TARGET_PER_SECOND}) and ${percent(share)} of the bare route (target ${percent(TARGET_SHARE_OF_BARE)}): **${met ? 'met' : 'missed'}**`;
    }),
  ];
  if (results.profile) {
    const { profile } = results;
    lines.push(
      '',
      `## Where the API's main thread spends its time (CPU profile of the API cells, ${fixed(profile.totalMs, 0)} ms sampled; files in ${profile.dir})`,
      '',
      '| origin | self ms | share |',
      '|---|---:|---:|',
      ...profile.byOrigin
        .slice(0, 12)
        .map((row) => `| ${row.name} | ${fixed(row.ms, 0)} | ${percent(row.share)} |`),
      '',
      '| function | where | self ms | share |',
      '|---|---|---:|---:|',
      ...profile.byFunction.map(
        (row) => `| ${row.name} | ${row.where} | ${fixed(row.ms, 0)} | ${percent(row.share)} |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
