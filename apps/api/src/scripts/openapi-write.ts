// npm run openapi:write -- <file>: the OpenAPI document the API serves at /api/docs/json, written to a file (for
// `npm run lint:openapi` and client generators). Builds the app on a throwaway in-memory database.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: openapi-write.ts <file>');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-openapi-'));
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', DATA_DIR: dataDir });
const app = await buildApp(config, { inMemoryDatabase: true });
try {
  await app.ready();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(app.swagger(), null, 2));
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
