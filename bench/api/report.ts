import type { ProfileSummary } from '../checkout/profile.ts';
import type { Cell } from './measure.ts';

export interface ApiResults {
  date: string;
  machine: string;
  connections: number;
  duration: number;
  rounds: number;
  transactions: number;
  /** The API's LOG_LEVEL during the run (info, the default, unless --log-level said otherwise). */
  logLevel: string;
  /** The 1-minute load average as the rounds started and ended. */
  load: { before: number; after: number };
  shared?: string;
  note?: string;
  /** The bare route first; each scenario's cells, one per round. */
  cells: { name: string; runs: Cell[] }[];
  profile?: ProfileSummary;
}

/** Requests/s at the run's connections (issue 10 §2; GET /api/users/{id} raised by issue 26 §4) and share of bare. */
const TARGETS: Record<string, { perSecond: number; share: number }> = {
  'GET /api/users/{id}': { perSecond: 3000, share: 0.12 },
  'first-page search': { perSecond: 2000, share: 0.12 },
};

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
    cpuMsPerRequest: runs.every((run) => run.mainThreadCpuMsPerRequest !== undefined)
      ? median(runs.map((run) => run.mainThreadCpuMsPerRequest ?? 0))
      : undefined,
  }));
  if (!bare) throw new Error('no cells');
  const lines = [
    '# API: CPU per authenticated request',
    '',
    `Run of ${results.date} on ${results.machine}, load average ${fixed(results.load.before, 1)} as the rounds started and ${fixed(results.load.after, 1)} as they ended. PostgreSQL on the same machine; the API in this process (pool of 10), the bare Fastify route beside it, autocannon on a worker thread; ${results.connections} connections, ${results.rounds} rounds of ${results.duration} s per scenario (medians), a merchant with ${results.transactions.toLocaleString('en')} transactions.`,
    '',
    results.logLevel === 'silent'
      ? 'The API logs nothing (LOG_LEVEL=silent).'
      : `The API logs at ${results.logLevel}${results.logLevel === 'info' ? ' (the default)' : ''}: one line per request, written in the background to a file, as to stdout.`,
    ...(results.shared ? ['', `**Machine shared:** ${results.shared}`] : []),
    ...(results.note ? ['', `**Note:** ${results.note}`] : []),
    '',
    '| scenario | requests/s | p50 ms | p95 ms | main thread ms per request | main thread CPU ms per request | share of the bare route |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...[bare, ...routes].map(
      (row) =>
        `| ${row.name} | ${fixed(row.perSecond, 0)} | ${fixed(row.p50)} | ${fixed(row.p95)} | ${fixed(row.msPerRequest, 3)} | ${row.cpuMsPerRequest === undefined ? '-' : fixed(row.cpuMsPerRequest, 3)} | ${percent(row.perSecond / bare.perSecond)} |`,
    ),
    '',
    'Busy time counts the moments the main thread waited for a core; CPU time does not, so it moves less than the busy time when other work loads the machine (Linux only; 10 ms ticks over thousands of requests).',
    '',
    '## Targets',
    ...routes.flatMap((row) => {
      const target = TARGETS[row.name];
      if (!target) return [];
      const share = row.perSecond / bare.perSecond;
      const met = row.perSecond >= target.perSecond && share >= target.share;
      return `- ${row.name}: ${fixed(row.perSecond, 0)}/s (target ${target.perSecond}) and ${percent(share)} of the bare route (target ${percent(target.share)}): **${met ? 'met' : 'missed'}**`;
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
