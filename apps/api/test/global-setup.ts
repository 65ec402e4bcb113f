import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database every test app starts from; null on PostgreSQL. */
    pgliteTemplatePath: string | null;
  }
}

/** Migrates one PGlite database for the whole run: each test app then opens a copy in a fraction of the time. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplatePath', null);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await createPgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rm(dir, { recursive: true, force: true });
}
