// Web: Lighthouse (mobile) on /signin, /dashboard and /pay/{id} of the production build served by the API server.
// See README.md beside this file. Run: npm run bench:web (from the repository root).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { entrySize } from '../../apps/web/entry-budget.ts';
import { CHROME_PATH, runLighthouse } from './lighthouse.ts';
import { machineLine, type PageResult, type Results, renderResults } from './report.ts';
import { buildWeb, paymentLinkPath, removeDir, seededDataDir, signIn, startServer } from './server.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    dist: { type: 'string' },
    'data-dir': { type: 'string' },
    pages: { type: 'string', default: 'signin,dashboard,pay' },
    note: { type: 'string' },
    'keep-reports': { type: 'string' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results/web.md') },
  },
});
const runs = Number(args.runs);
const wanted = new Set(String(args.pages).split(','));
const out = path.resolve(String(args.out));
const log = (line: string) => process.stdout.write(`${line}\n`);

const startedAt = new Date();
const loadBefore = os.loadavg()[0] ?? 0;
const scratch = await mkdtemp(path.join(os.tmpdir(), 'bizdash-bench-web-build-'));
const distDir = args.dist ? path.resolve(args.dist) : path.join(scratch, 'dist');
if (!args.dist) {
  log(`building the web app into ${distDir}`);
  await buildWeb(distDir);
}
log('seeding the demo merchant');
const data = await seededDataDir(args['data-dir'] ? path.resolve(args['data-dir']) : undefined);
const server = await startServer(data.dir, distDir);
try {
  const credentials = await signIn(server.base);
  const payPath = await paymentLinkPath(server.base, credentials);
  const pages = [
    { key: 'signin', name: '/signin', path: '/signin', signedIn: false },
    { key: 'dashboard', name: '/dashboard', path: '/dashboard', signedIn: true },
    { key: 'pay', name: '/pay/{id}', path: payPath, signedIn: false },
  ].filter((page) => wanted.has(page.key));

  const results: PageResult[] = [];
  for (const page of pages) {
    const result: PageResult = { name: page.name, path: page.path, signedIn: page.signedIn, runs: [] };
    for (let index = 1; index <= runs; index += 1) {
      const { metrics, report, trace } = await runLighthouse(
        `${server.base}${page.path}`,
        page.signedIn ? credentials : null,
      );
      if (args['keep-reports']) {
        await mkdir(args['keep-reports'], { recursive: true });
        await writeFile(path.join(args['keep-reports'], `${page.key}-${index}.json`), report);
        await writeFile(
          path.join(args['keep-reports'], `${page.key}-${index}.trace.json`),
          JSON.stringify(trace),
        );
      }
      log(
        `${page.name} run ${index}: score ${metrics.score}, LCP ${Math.round(metrics.lcpMs)} ms, TBT ${Math.round(metrics.tbtMs)} ms (main thread: tasks ${Math.round(metrics.mainThreadCpu.taskMs)} ms, on CPU ${Math.round(metrics.mainThreadCpu.cpuMs)} ms, blocking by CPU time ${Math.round(metrics.mainThreadCpu.cpuBlockingMs)} ms), CLS ${metrics.cls.toFixed(3)}, ${Math.round(metrics.transferredBytes / 1024)} KB`,
      );
      result.runs.push(metrics);
    }
    results.push(result);
  }

  const report: Results = {
    startedAt: startedAt.toISOString(),
    machine: machineLine(),
    load: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    node: process.version,
    chromium: execFileSync(CHROME_PATH, ['--version']).toString().trim(),
    lighthouse: results[0]?.runs[0]?.lighthouseVersion ?? '',
    note: args.note ?? null,
    build: args.dist ? `The build in \`${args.dist}\`` : 'A fresh `vite build`',
    entry: await entrySize(distDir),
    pages: results,
  };
  const markdown = renderResults(report);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, markdown);
  await writeFile(out.replace(/\.md$/, '.json'), `${JSON.stringify(report, null, 2)}\n`);
  log('');
  log(markdown);
} finally {
  await server.stop();
  if (data.made) await removeDir(data.dir);
  await removeDir(scratch);
}
