import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

/** The server the document names (PUBLIC_URL): snippets must point there, not at the test page's address. */
export const DOCUMENT_SERVER_URL = 'https://api.bizdash.example';

/** Building the API takes a few seconds on an idle machine, many more beside the API suites. */
export const DOCUMENT_BUILD_TIMEOUT = 180_000;

let served: Promise<unknown> | undefined;

/**
 * The OpenAPI document the API serves at /api/docs/json, built by the API itself (its `openapi:write` script, in a
 * child process: the web app does not import the API's code) once per test run. Nothing is copied by hand or
 * committed, so these tests follow the API as it changes.
 */
export function servedOpenApiDocument(): Promise<unknown> {
  served ??= (async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'bizdash-playground-'));
    const file = path.join(directory, 'openapi.json');
    try {
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/scripts/openapi-write.ts', file],
        {
          cwd: repositoryRoot,
          // Only what the API's configuration needs: the test runner's own variables stay out.
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '',
            PUBLIC_URL: DOCUMENT_SERVER_URL,
          },
          timeout: DOCUMENT_BUILD_TIMEOUT,
        },
      );
      return JSON.parse(await readFile(file, 'utf8')) as unknown;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  })();
  return served;
}
