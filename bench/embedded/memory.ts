import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Scenario } from '../transactions-search/scenarios.ts';

/** Where a process's resident memory is, in MiB (see README.md: how each part is found). */
export interface MemorySnapshot {
  rss: number;
  peakRss: number;
  fileBacked: number;
  jsHeap: number;
  wasmMemory: number;
  wasmResident: number | null;
  otherNative: number;
}

const MIB = 2 ** 20;
const root = path.resolve(import.meta.dirname, '../..');

/** What `npm start` runs after `node`: package.json's start script, its node flags included (ADR 066). */
export const npmStartArguments = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .slice(1);

/**
 * Loaded into the server with --import: on SIGUSR2 it writes process.memoryUsage() to a file. A WebAssembly
 * memory is counted in `external` but not in `arrayBuffers`, so their difference is PGlite's linear memory.
 */
const PROBE = `data:text/javascript,${encodeURIComponent(`
import { writeFileSync } from 'node:fs';
process.on('SIGUSR2', () => writeFileSync(process.env.BENCH_MEMORY_REPORT, JSON.stringify(process.memoryUsage())));
`)}`;

async function statusKb(pid: number, field: string) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
}

/** Resident bytes of the anonymous mapping sized like `bytes` (the WebAssembly memory), if there is one. */
async function residentOfMappingSized(pid: number, bytes: number) {
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8');
  let best: { distance: number; rss: number } | null = null;
  for (const block of smaps.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const [range = '', , , , , name] = block.split('\n')[0]?.split(/\s+/) ?? [];
    const [start = 0, end = 0] = range.split('-').map((hex) => Number.parseInt(hex, 16));
    const distance = Math.abs(end - start - bytes);
    if (name || distance > bytes * 0.1) continue;
    const rss = Number(/^Rss:\s+(\d+)/m.exec(block)?.[1] ?? 0) * 1024;
    if (!best || distance < best.distance) best = { distance, rss };
  }
  return best?.rss ?? null;
}

async function snapshot(pid: number, reportFile: string): Promise<MemorySnapshot> {
  await rm(reportFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  let usage: NodeJS.MemoryUsage | null = null;
  for (let attempt = 0; attempt < 50 && !usage; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    usage = await readFile(reportFile, 'utf8').then(JSON.parse, () => null);
  }
  if (!usage) throw new Error('the server did not report its memory');
  const rss = await statusKb(pid, 'VmRSS');
  const fileBacked = await statusKb(pid, 'RssFile');
  const wasmMemory = usage.external - usage.arrayBuffers;
  const wasmResident = await residentOfMappingSized(pid, wasmMemory);
  return {
    rss: rss / MIB,
    peakRss: (await statusKb(pid, 'VmHWM')) / MIB,
    fileBacked: fileBacked / MIB,
    jsHeap: usage.heapTotal / MIB,
    wasmMemory: wasmMemory / MIB,
    wasmResident: wasmResident === null ? null : wasmResident / MIB,
    otherNative: (rss - fileBacked - usage.heapTotal - (wasmResident ?? 0)) / MIB,
  };
}

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * `node scripts/start.mjs` (what `npm start` runs) on the loaded data directory: its memory once it has settled
 * after start, then again after a sign-in and each first-page search has run a few times.
 */
export async function measureIdleMemory(options: {
  dataDir: string;
  port: number;
  settleSeconds: number;
  signIn: { email: string; password: string };
  scenarios: Scenario[];
}) {
  const reportFile = path.join(os.tmpdir(), `bizdash-embedded-memory-${process.pid}.json`);
  const base = `http://127.0.0.1:${options.port}`;
  const server = spawn(process.execPath, npmStartArguments, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_OPTIONS: `--import ${PROBE}`,
      BENCH_MEMORY_REPORT: reportFile,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
  });
  const pid = server.pid as number;
  try {
    const started = performance.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (
        await fetch(`${base}/api/health`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      if (performance.now() - started > 300_000) throw new Error('the server did not start within 5 minutes');
      await pause(0.5);
    }
    const startSeconds = (performance.now() - started) / 1000;
    await pause(options.settleSeconds);
    const afterStart = await snapshot(pid, reportFile);

    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(options.signIn),
    });
    const { token } = (await signIn.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { wallets } = (await (await fetch(`${base}/api/wallets`, { headers })).json()) as {
      wallets: { walletId: string; currency: string }[];
    };
    const ngnWallet = wallets.find((wallet) => wallet.currency === 'NGN')?.walletId ?? '';
    for (const scenario of options.scenarios) {
      const { page, size, body } = scenario.request(ngnWallet);
      for (let index = 0; index < 20; index += 1) {
        const response = await fetch(`${base}/api/transaction/search?page=${page}&size=${size}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${scenario.name}: ${response.status} ${await response.text()}`);
      }
    }
    await pause(options.settleSeconds);
    const afterUse = await snapshot(pid, reportFile);
    return { startSeconds, settleSeconds: options.settleSeconds, afterStart, afterUse };
  } finally {
    server.kill('SIGTERM');
    await rm(reportFile, { force: true });
  }
}
