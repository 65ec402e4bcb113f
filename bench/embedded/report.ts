import { machineLine } from '../checkout/report.ts';
import { type MemorySnapshot, npmStartArguments } from './memory.ts';

/** Every timing of one first-page search, in milliseconds, on each database. */
export interface SearchRow {
  scenario: string;
  pglite: number[];
  postgres: number[];
}

interface Report {
  date: string;
  note: string | null;
  rows: number;
  samples: number;
  pgliteLoadSeconds: number | null;
  postgresLoadSeconds: number | null;
  postgresVersion: string;
  postgresAutovacuum: string;
  /** The machine's 1-minute load average as the run started and as it ended (others may share it). */
  load: { atStart: number; atEnd: number };
  search: SearchRow[];
  memory: {
    startSeconds: number;
    settleSeconds: number;
    afterStart: MemorySnapshot;
    afterUse: MemorySnapshot;
  };
}

const TARGET_RATIO = 2;
/** Issue 26 §6 (it was 300 MB in issue 10). */
const TARGET_RSS_MIB = 250;

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const ms = (value: number) => value.toFixed(2);
const mib = (value: number | null) => (value === null ? '?' : value.toFixed(0));
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const loaded = (seconds: number | null) =>
  seconds === null ? 'loaded earlier' : `loaded in ${seconds.toFixed(0)} s`;

function memoryRows(label: string, memory: MemorySnapshot) {
  return `| ${label} | ${mib(memory.rss)} | ${mib(memory.wasmResident)} of ${mib(memory.wasmMemory)} | ${mib(memory.jsHeap)} | ${mib(memory.fileBacked)} | ${mib(memory.otherNative)} | ${mib(memory.peakRss)} |`;
}

export function renderResults(report: Report) {
  const search = report.search.map((row) => {
    const pglite = { p50: percentile(row.pglite, 50), p95: percentile(row.pglite, 95) };
    const postgres = { p50: percentile(row.postgres, 50), p95: percentile(row.postgres, 95) };
    return {
      scenario: row.scenario,
      pglite,
      postgres,
      ratioP50: pglite.p50 / postgres.p50,
      ratioP95: pglite.p95 / postgres.p95,
    };
  });
  const worst = Math.max(...search.map((row) => row.ratioP50));
  const idle = report.memory.afterStart.rss;
  const lines = [
    '# The embedded database: PGlite against PostgreSQL',
    '',
    `Run ${report.date} on ${machineLine()}, Node ${process.version}, PostgreSQL ${report.postgresVersion} on the same machine (autovacuum ${report.postgresAutovacuum}); load average ${report.load.atStart.toFixed(1)} as it started, ${report.load.atEnd.toFixed(1)} as it ended.`,
    ...(report.note ? ['', `**${report.note}**`] : []),
    '',
    `Data: one merchant with ${report.rows.toLocaleString('en')} transactions over 90 days through the seed's bulk loader, in a PGlite data directory (${loaded(report.pgliteLoadSeconds)}) and in a PostgreSQL database (${loaded(report.postgresLoadSeconds)}, then VACUUM ANALYZE, what autovacuum would do). PGlite gets nothing beyond what the app itself does.`,
    '',
    '## First-page search',
    '',
    `What POST /api/transaction/search runs for a first page (the search service: page, count and wallet check), called in this process on each database, 20 warm-up calls then ${report.samples} timed ones, one at a time. Milliseconds.`,
    '',
    '| search | PGlite p50 | PGlite p95 | PostgreSQL p50 | PostgreSQL p95 | PGlite/PostgreSQL p50 | p95 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...search.map(
      (row) =>
        `| ${row.scenario} | ${ms(row.pglite.p50)} | ${ms(row.pglite.p95)} | ${ms(row.postgres.p50)} | ${ms(row.postgres.p95)} | ${row.ratioP50.toFixed(2)}× | ${row.ratioP95.toFixed(2)}× |`,
    ),
    '',
    `Target: PGlite at most ${TARGET_RATIO}× PostgreSQL on every first page: worst ${worst.toFixed(2)}× at p50, ${verdict(worst <= TARGET_RATIO)}.`,
    '',
    '## Idle memory of the started server',
    '',
    `\`node ${npmStartArguments.join(' ')}\` (what \`npm start\` runs) with DATA_DIR on the loaded PGlite directory: healthy after ${report.memory.startSeconds.toFixed(1)} s, measured ${report.memory.settleSeconds} s later, then again ${report.memory.settleSeconds} s after a sign-in and 20 calls of each first-page search. MiB; how each part is found is in bench/embedded/README.md.`,
    '',
    '| when | RSS | PGlite WebAssembly memory, resident of reserved | JS heap | file-backed (node binary, libraries) | other native (compiled code, malloc, stacks) | peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|',
    memoryRows('settled after start', report.memory.afterStart),
    memoryRows('settled after use', report.memory.afterUse),
    '',
    `Target: idle RSS at most ${TARGET_RSS_MIB} MiB: ${mib(idle)} MiB after start, ${verdict(idle <= TARGET_RSS_MIB)}.`,
    '',
  ];
  return {
    markdown: lines.join('\n'),
    json: { ...report, search, machine: machineLine(), node: process.version },
  };
}
