import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '../../../src');

/** Every place the API raises an error code: `new AppError(status, 'CODE'`, `badRequest(…, 'CODE')`, `conflict(…, 'CODE')`. */
const RAISES: [RegExp, string | null][] = [
  [/new AppError\(\s*(\d{3}),\s*'([A-Z_]+)'/g, null],
  [/\bbadRequest\(((?:[^()]|\([^()]*\))*?),\s*'([A-Z_]+)'\s*,?\s*\)/g, '400'],
  [/\bconflict\(((?:[^()]|\([^()]*\))*?),\s*'([A-Z_]+)'\s*,?\s*\)/g, '409'],
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('error codes', () => {
  it('mean one status everywhere in the API (ADR 043)', async () => {
    const statuses = new Map<string, Set<string>>();
    for (const file of await sourceFiles(SOURCE)) {
      const text = await readFile(file, 'utf8');
      for (const [pattern, fixed] of RAISES) {
        for (const match of text.matchAll(pattern)) {
          const code = match[2] as string;
          const status = fixed ?? (match[1] as string);
          statuses.set(code, new Set([...(statuses.get(code) ?? []), status]));
        }
      }
    }
    expect(statuses.size).toBeGreaterThan(40);
    const ambiguous = [...statuses]
      .filter(([, each]) => each.size > 1)
      .map(([code, each]) => `${code}: ${[...each]}`);
    expect(ambiguous).toEqual([]);
  });
});
