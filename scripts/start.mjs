// npm start: build the web app when its build is missing or older than its sources, bundle the API, then serve
// everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processCount, runProcesses } from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/route-pages.ts',
  'apps/web/precompress.ts',
  'apps/web/package.json',
  'packages/shared/src',
].map((source) => path.join(root, source));

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    0,
  );
}

// WEB_CONCURRENCY processes serve (ADR 066); refused before any build when it cannot work.
const processes = processCount(process.env);

// WEB_DIST_DIR names a build made elsewhere (an image, a parallel test run): serve it as it is. A dedicated job
// worker (JOBS_ENABLED=only) serves nothing, so it needs no build.
const prebuilt = Boolean(process.env.WEB_DIST_DIR) || process.env.JOBS_ENABLED === 'only';
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (!prebuilt && builtAt < Math.max(...webSources.map(newestChange))) {
  console.log(builtAt ? 'Web app sources changed; rebuilding…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@bizdash/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The API runs from one bundle of its TypeScript, made at every start (a fraction of a second, so never stale),
// rather than through tsx's loader: the loader's thread, its esbuild service and the sources it keeps cost about
// 60 MB of an idle server (ADR 017). Packages stay outside the bundle, loaded from node_modules as before.
const { build, stop } = await import('esbuild');
const sourceRoot = path.join(root, 'apps/api/src');
const bundled = await build({
  entryPoints: [path.join(sourceRoot, 'server.ts')],
  outfile: path.join(root, 'apps/api/dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  write: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'bizdash-api',
      setup(api) {
        // Packages from node_modules are imported at run time; the workspace's own (TypeScript) are bundled.
        api.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bizdash/') ? undefined : { external: true },
        );
        // Paths a module finds beside itself (migrations, the web build) stay those of its source file.
        api.onLoad({ filter: /\.ts$/ }, async (args) => ({
          loader: 'ts',
          contents: (await readFile(args.path, 'utf8'))
            .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
            .replaceAll('import.meta.filename', JSON.stringify(args.path)),
        }));
      },
    },
  ],
});
await stop();
// Written aside and renamed, so processes starting together never import a half-written bundle.
for (const file of bundled.outputFiles) {
  await mkdir(path.dirname(file.path), { recursive: true });
  await writeFile(`${file.path}.${process.pid}`, file.contents);
  await rename(`${file.path}.${process.pid}`, file.path);
}
const serverBundle = path.join(root, 'apps/api/dist/server.mjs');
if (processes > 1) {
  runProcesses(serverBundle, processes);
} else {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverBundle).href);
}
