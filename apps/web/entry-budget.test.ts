import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryBudget, entryOverBudget, entrySize } from './entry-budget.ts';

const INDEX_HTML = `<!doctype html>
<html><head>
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-dom-b2.js">
<link rel="stylesheet" crossorigin href="/assets/index-c3.css">
</head><body><div id="root"></div></body></html>`;

let distDir = '';

/** A build folder whose entry is index-a1.js and react-dom-b2.js, each this much random (incompressible) data. */
async function writeBuild(bytesPerScript: number) {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'entry-budget-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  for (const file of ['index-a1.js', 'react-dom-b2.js']) {
    await writeFile(path.join(distDir, 'assets', file), randomBytes(bytesPerScript).toString('base64'));
  }
  await writeFile(path.join(distDir, 'assets', 'index-c3.css'), 'body{margin:0}');
  // A chunk loaded later (a lazy route) is not the entry.
  await writeFile(path.join(distDir, 'assets', 'lazy-d4.js'), randomBytes(bytesPerScript).toString('base64'));
}

afterEach(async () => {
  if (distDir) await rm(distDir, { recursive: true, force: true });
  distDir = '';
});

describe("the entry's size", () => {
  it("counts index.html's module script and modulepreloads as its JavaScript, gzipped as served", async () => {
    await writeBuild(3_000);
    const { javascript, css } = await entrySize(distDir);
    expect(javascript.map((file) => file.file)).toEqual(['/assets/index-a1.js', '/assets/react-dom-b2.js']);
    expect(css.map((file) => file.file)).toEqual(['/assets/index-c3.css']);
    const [first] = javascript;
    expect(first?.bytes).toBe(4_000);
    expect(first?.gzipBytes).toBeGreaterThan(3_000);
    expect(first?.gzipBytes).toBeLessThan(first?.bytes ?? 0);
  });
});

describe("the entry's budget", () => {
  const file = (name: string, gzipBytes: number) => ({ file: name, bytes: 0, gzipBytes, brotliBytes: 0 });

  it('passes an entry at or under the budget', () => {
    expect(
      entryOverBudget([file('/assets/index.js', 60_000), file('/assets/react-dom.js', 55_000)]),
    ).toBeNull();
  });

  it('names the size, the budget, the excess and each file, largest first, when over it', () => {
    const message = entryOverBudget([file('/assets/index.js', 48_300), file('/assets/react-dom.js', 67_200)]);
    expect(message).toContain('Entry JavaScript is 115.5 kB gzipped, over its budget of 115.0 kB by 0.5 kB');
    expect(message).toContain('/assets/react-dom.js 67.2 kB, /assets/index.js 48.3 kB');
  });

  it('fails the build when the written entry is over the budget, and passes it otherwise', async () => {
    await writeBuild(3_000);
    const written = await entrySize(distDir);
    const gzipped = written.javascript.reduce((total, script) => total + script.gzipBytes, 0);
    const logged: string[] = [];
    const run = async (budget: number) => {
      const plugin = entryBudget(budget);
      const config = {
        root: distDir,
        build: { outDir: '.' },
        logger: { info: (line: string) => logged.push(line) },
      };
      await (plugin.configResolved as (config: unknown) => void)(config);
      await (plugin.writeBundle as () => Promise<void>)();
    };

    await expect(run(gzipped - 1)).rejects.toThrow(/^Entry JavaScript is .* gzipped, over its budget of/);
    await run(gzipped);
    expect(logged.at(-1)).toContain('entry JavaScript');
  });
});
