// A year of 100,000 ledger entries as one statement: the started server's peak memory while it streams the PDF
// and the CSV, against a one-day statement in the same run. See README.md beside this file.
// Run: npm run bench:statements.
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { cpuSecondsOf } from '../checkout/cpu-time.ts';
import { benchWallet, loadYearOfEntries, MERCHANT } from './load.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    settle: { type: 'string', default: '20' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'bizdash-statements-bench') },
    reuse: { type: 'boolean', default: false },
    port: { type: 'string', default: '4430' },
    note: { type: 'string' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results/statements.md') },
  },
});
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = String(args['data-dir']);
const MIB = 2 ** 20;
const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function statusMib(pid: number, field: 'VmRSS' | 'VmHWM') {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return (Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024) / MIB;
}

/** Starts counting the peak (VmHWM) again from the current RSS (Linux: "5" to clear_refs). */
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');

async function load() {
  if (!args.reuse) await rm(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir });
  try {
    if (await benchWallet(database)) return { loadSeconds: null };
    const started = performance.now();
    await loadYearOfEntries(database, Number(args.entries));
    return { loadSeconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

interface Download {
  name: string;
  bytes: number;
  seconds: number;
  /** The server's own CPU time for it: unlike the seconds, the same whatever else the machine is doing. */
  cpuSeconds: number;
  rssBefore: number;
  peak: number;
}

/**
 * One statement over HTTP, read to the end (at `bytesPerSecond` when given, a slow client), with the server's RSS
 * before and its peak RSS while it was made.
 */
async function download(
  pid: number,
  base: string,
  headers: Record<string, string>,
  name: string,
  query: string,
  bytesPerSecond?: number,
): Promise<Download> {
  await pause(2);
  const rssBefore = await statusMib(pid, 'VmRSS');
  await resetPeak(pid);
  const cpuBefore = await cpuSecondsOf(pid);
  const started = performance.now();
  const response = await fetch(`${base}${query}`, { headers });
  if (!response.ok || !response.body) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (bytesPerSecond) await pause(chunk.byteLength / bytesPerSecond);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    name,
    bytes,
    seconds,
    cpuSeconds: (await cpuSecondsOf(pid)) - cpuBefore,
    rssBefore,
    peak: await statusMib(pid, 'VmHWM'),
  };
}

async function measure() {
  const base = `http://127.0.0.1:${args.port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(args.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
  });
  const pid = server.pid as number;
  try {
    const started = performance.now();
    while (
      !(await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (performance.now() - started > 300_000) throw new Error('the server did not start within 5 minutes');
      await pause(0.5);
    }
    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MERCHANT),
    });
    const { token } = (await signIn.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const { wallets } = (await (await fetch(`${base}/api/wallets`, { headers })).json()) as {
      wallets: { walletId: string; currency: string }[];
    };
    const walletId = wallets.find((wallet) => wallet.currency === 'NGN')?.walletId ?? '';
    await pause(Number(args.settle));
    const idle = await statusMib(pid, 'VmRSS');
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const url = (from: string, format: string) =>
      `/api/wallets/${walletId}/statement?from=${from}&to=${day(0)}&format=${format}`;
    const runs: Download[] = [];
    runs.push(await download(pid, base, headers, 'one day, PDF (the baseline)', url(day(0), 'pdf')));
    runs.push(await download(pid, base, headers, 'one day, CSV (the baseline)', url(day(0), 'csv')));
    runs.push(await download(pid, base, headers, 'a year, PDF', url(day(365), 'pdf')));
    runs.push(await download(pid, base, headers, 'a year, CSV', url(day(365), 'csv')));
    runs.push(await download(pid, base, headers, 'a year, PDF, read at 1 MB/s', url(day(365), 'pdf'), 1e6));
    runs.push(await download(pid, base, headers, 'a year, CSV, read at 4 MB/s', url(day(365), 'csv'), 4e6));
    return { idle, runs };
  } finally {
    server.kill('SIGTERM');
  }
}

function render(loadSeconds: number | null, idle: number, runs: Download[]) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const baseline = runs[0] as Download;
  const baselineRise = baseline.peak - baseline.rssBefore;
  const rows = runs.map((run) => {
    const rise = run.peak - run.rssBefore;
    return `| ${run.name} | ${(run.bytes / MIB).toFixed(1)} | ${run.seconds.toFixed(1)} | ${run.cpuSeconds.toFixed(1)} | ${run.rssBefore.toFixed(0)} | ${run.peak.toFixed(0)} | ${rise.toFixed(0)} | ${(rise / Math.max(baselineRise, 1)).toFixed(1)}× | ${(run.peak - idle).toFixed(0)} |`;
  });
  const worst = Math.max(...runs.map((run) => run.peak));
  const worstRise = Math.max(...runs.map((run) => run.peak - run.rssBefore));
  return `# Statements: a year of ${Number(args.entries).toLocaleString('en')} entries

Run ${new Date().toISOString()} on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${os.loadavg()[0]?.toFixed(1)} at the end (other work on the machine slows the seconds, not the memory).${args.note ? `\n\n${args.note}` : ''}

Data: one merchant whose NGN wallet has ${Number(args.entries).toLocaleString('en')} ledger entries over the last 365 days (sales, fees, refunds, payouts), in a PGlite data directory${loadSeconds === null ? '' : ` (loaded in ${loadSeconds.toFixed(0)} s)`}. The server is \`node scripts/start.mjs\` (what \`npm start\` runs) on it: PGlite runs inside the server process, so its memory is counted here too.

Each statement is \`GET /api/wallets/{walletId}/statement\` over HTTP, read to the end; before each, the server's peak RSS is reset to its current RSS (\`/proc/<pid>/clear_refs\`), so "peak" is the highest RSS while that statement was made; "server CPU s" is the CPU time the server process spent meanwhile (\`/proc/<pid>/stat\`), which other work on the machine does not stretch as it does the seconds. MiB; the baseline is the one-day PDF in the same run. Idle RSS after start and ${args.settle} s of settling: ${idle.toFixed(0)} MiB.

| statement | size MiB | seconds | server CPU s | RSS before | peak RSS | rise | rise / baseline's | peak over idle |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Target (issue 25 §4): a year of 100,000 entries stays under 200 MB of server memory. Largest rise over the RSS before: ${worstRise.toFixed(0)} MiB (${((worstRise * MIB) / 1e6).toFixed(0)} MB), **${worstRise * MIB < 200e6 ? 'met' : 'missed'}**; highest peak RSS of the whole server (PGlite and the rest of the app included): ${worst.toFixed(0)} MiB, ${(worst - idle).toFixed(0)} MiB over its idle RSS (RSS a statement leaves behind, freed or not, stays in the next one's "before").
`;
}

const { loadSeconds } = await load();
const { idle, runs } = await measure();
const report = render(loadSeconds, idle, runs);
await writeFile(String(args.out), report);
await writeFile(
  String(args.out).replace(/\.md$/, '.json'),
  `${JSON.stringify({ loadSeconds, idle, runs }, null, 2)}\n`,
);
process.stdout.write(report);
