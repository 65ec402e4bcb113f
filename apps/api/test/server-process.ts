import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, TEST_JWT_SECRET } from './helper.ts';

/*
 * The API as production runs it, in a process of its own, for the tests that kill it with SIGKILL mid-burst and start
 * it again on the same database: on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite in a data directory
 * (what `npm start` runs on).
 */
const API_ROOT = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Ended by itself (exitCode) or killed (signalCode: exitCode stays null then). */
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export interface ServerProcess {
  base: string;
  env: NodeJS.ProcessEnv;
  start(): Promise<void>;
  kill(): Promise<void>;
  /** Runs a script of the API (seed, ledger-verify) on the same database to its end; its output for failures. */
  runScript(script: string, args?: string[]): Promise<{ code: number | null; output: string }>;
  /** Kills the server, drops its database and removes its data directory. */
  close(): Promise<void>;
}

/** A server process on a free port and a database of its own; `settings` are its extra environment variables. */
export async function prepareServerProcess(settings: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-crash-'));
  const database = await createTestDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const {
    TEST_DATABASE_URL: _server,
    TEST_REDIS_URL: _redis,
    DATABASE_URL: _own,
    ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'error',
    RATE_LIMIT_IP_PER_MINUTE: '10000',
    RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '10000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '10000',
    // A request the kill cut off holds its Idempotency-Key this long; the retries after the restart wait it out.
    IDEMPOTENCY_LEASE_SECONDS: '1',
    ...settings,
  };
  let server: ChildProcess | undefined;

  async function kill() {
    const child = server;
    if (!child || hasExited(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async function start() {
    // A server a failed test left running would answer in place of the new one (which could not take the port).
    await kill();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk) => (errors += chunk));
    server = child;
    // Up to two minutes: a busy CI machine starts the server (tsx, migrations) slowly, and a start given up on
    // early would keep running beside the next one.
    for (let attempt = 0; attempt < 1200; attempt++) {
      if (hasExited(child)) throw new Error(`the server exited: ${errors}`);
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`the server did not start: ${errors}`);
  }

  function runScript(script: string, args: string[] = []) {
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: API_ROOT, env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });
  }

  async function close() {
    await kill();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }

  return { base, env, start, kill, runScript, close };
}

/**
 * A call as the dashboard (session) or a shop's server (API key) makes it, with the bearer `token()` gives when it
 * gives one; a call with a body carries an Idempotency-Key.
 */
export function serverCaller(base: string, token: () => string) {
  return async <T>(
    method: string,
    url: string,
    body?: unknown,
    idempotencyKey: string = crypto.randomUUID(),
  ) => {
    const bearer = token();
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': idempotencyKey } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}
