import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createTestDatabase } from '../../helper.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const PORT = 4627;

/** `npm start` (scripts/start.mjs) with these settings, serving no web build; its output kept. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'processes-test-secret-processes-test-secret-0123',
      SECRETS_KEY: 'processes-test-secrets-key-0123456789',
      DATA_DIR: path.join(os.tmpdir(), 'bizdash-processes-test'),
      WEB_DIST_DIR: path.join(os.tmpdir(), 'bizdash-no-web-build'),
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

/** The JSON log lines' pids with that message. */
const pidsLogging = (output: string, message: string) =>
  new Set(
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { pid: number; msg: string })
      .filter((line) => line.msg === message)
      .map((line) => line.pid),
  );

async function waitFor(done: () => boolean | Promise<boolean>, child: ChildProcess) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (await done()) return;
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('npm start did not get there within 60 s');
}

describe('npm start: processes (issue 26 §7)', () => {
  it('refuses WEB_CONCURRENCY above 1 on the embedded database, saying why, before building anything', async () => {
    const { output, exited } = start({ WEB_CONCURRENCY: '2', DATABASE_URL: '' });
    expect(await exited).toBe(1);
    expect(output()).toContain('WEB_CONCURRENCY=2 needs DATABASE_URL');
  });

  it('JOBS_ENABLED=only is a job worker: it runs the jobs and serves no requests', () => {
    expect(loadConfig({ JOBS_ENABLED: 'only' })).toMatchObject({ jobsEnabled: true, servesRequests: false });
    expect(loadConfig({ JOBS_ENABLED: 'false' })).toMatchObject({ jobsEnabled: false, servesRequests: true });
    expect(loadConfig({})).toMatchObject({ jobsEnabled: true, servesRequests: true });
    expect(() => loadConfig({ JOBS_ENABLED: 'sometimes' })).toThrow(/JOBS_ENABLED/);
  });

  it('with DATABASE_URL and WEB_CONCURRENCY=2, two processes answer on one port, and SIGTERM stops them all', async (context) => {
    if (!process.env.TEST_DATABASE_URL) return context.skip();
    const database = await createTestDatabase();
    const server = start({ WEB_CONCURRENCY: '2', DATABASE_URL: database.url ?? '' });
    try {
      await waitFor(() => pidsLogging(server.output(), 'listening').size === 2, server.child);
      for (let request = 0; request < 8; request += 1) {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        expect(response.status).toBe(200);
      }
      // The cluster hands connections out in turn: both processes answered.
      await waitFor(() => pidsLogging(server.output(), 'request completed').size === 2, server.child);
      expect(server.output().match(/Bizdash is running at/g)).toHaveLength(1);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(pidsLogging(server.output(), 'shutting down').size).toBe(2);
    } finally {
      server.child.kill('SIGKILL');
      await database.drop();
    }
  }, 120_000);
});
