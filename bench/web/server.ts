// The production build served by the real API server (apps/api/src/server.ts) on PGlite, seeded as `npm run seed`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const DEMO = { email: 'demo@bizdash.local', password: 'Demo!Bizdash2026' } as const;

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** `vite build` of apps/web into a fresh folder (the vite config's compression step included). */
export async function buildWeb(outDir: string): Promise<void> {
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {}, path.join(root, 'apps/web'));
}

/** A data folder holding the seeded demo merchant (3,000 transactions, products, two payments in progress). */
export async function seededDataDir(reuse: string | undefined): Promise<{ dir: string; made: boolean }> {
  if (reuse && existsSync(reuse)) return { dir: reuse, made: false };
  const dir = reuse ?? (await mkdtemp(path.join(os.tmpdir(), 'bizdash-bench-web-')));
  await run(process.execPath, ['--import', 'tsx', 'apps/api/src/scripts/seed.ts'], {
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
  });
  return { dir, made: reuse === undefined };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface RunningServer {
  base: string;
  stop: () => Promise<void>;
}

/** Starts apps/api/src/server.ts in its own process (as `npm start` does) and waits for its health check. */
export async function startServer(dataDir: string, webDistDir: string): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the API server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the API server did not answer /api/health within 30 s');
}

/** What the web app keeps in local storage under `credentials` after signing in (apps/web/src/lib/credentials.ts). */
export interface Credentials {
  token: string;
  userId: string;
}

const clientHeaders = () => ({
  accept: 'application/json',
  source_system: 'bizdash-bench',
  request_time: new Date().toISOString(),
});

export async function signIn(base: string): Promise<Credentials> {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Credentials;
}

/** The path of the seeded scarf's payment link (a product in stock), e.g. `/pay/{id}`. */
export async function paymentLinkPath(base: string, credentials: Credentials): Promise<string> {
  const response = await fetch(`${base}/api/products?page=1&size=20`, {
    headers: {
      ...clientHeaders(),
      authorization: `Bearer ${credentials.token}`,
      user_id: credentials.userId,
    },
  });
  if (!response.ok) throw new Error(`listing products failed: ${response.status} ${await response.text()}`);
  const page = (await response.json()) as {
    items: { paymentLink: string; quantityAvailable: number }[];
  };
  const product = page.items.find((item) => item.quantityAvailable > 0);
  if (!product) throw new Error('the seed has no product in stock');
  return new URL(product.paymentLink).pathname;
}

export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });
