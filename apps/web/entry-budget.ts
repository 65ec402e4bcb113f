// The entry: what every page downloads before anything else, index.html's module script, its modulepreloads and
// stylesheets. Measured here for the build's budget check and for bench/web's report alike.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface EntryFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface EntrySize {
  javascript: EntryFile[];
  css: EntryFile[];
}

/** Issue 26 §5: entry JavaScript at most 115 kB gzipped (kB of 1,000 bytes, as Vite counts). */
export const ENTRY_JAVASCRIPT_BUDGET_GZIP_BYTES = 115_000;

/** A file's size as served: raw, gzipped at level 9 and (for the bench's report) brotli at quality 11. */
async function measure(distDir: string, href: string, withBrotli: boolean): Promise<EntryFile> {
  const content = await readFile(path.join(distDir, href.replace(/^\//, '')));
  return {
    file: href,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    brotliBytes: withBrotli
      ? brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length
      : Number.NaN,
  };
}

/** The entry's files as index.html names them; `withBrotli: false` skips the slow brotli figure (NaN). */
export async function entrySize(distDir: string, { withBrotli = true } = {}): Promise<EntrySize> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const attribute = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');
  const scripts = [
    ...attribute(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...attribute(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const styles = attribute(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const sizes = (hrefs: string[]) => Promise.all(hrefs.map((href) => measure(distDir, href, withBrotli)));
  return { javascript: await sizes(scripts), css: await sizes(styles) };
}

export const sum = (files: EntryFile[], key: 'bytes' | 'gzipBytes' | 'brotliBytes') =>
  files.reduce((total, file) => total + file[key], 0);

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Why the entry's JavaScript breaks its budget, naming its size, the budget and each file; null within it. */
export function entryOverBudget(
  javascript: EntryFile[],
  budgetGzipBytes = ENTRY_JAVASCRIPT_BUDGET_GZIP_BYTES,
): string | null {
  const total = sum(javascript, 'gzipBytes');
  if (total <= budgetGzipBytes) return null;
  const files = [...javascript]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `${file.file} ${kB(file.gzipBytes)}`)
    .join(', ');
  return (
    `Entry JavaScript is ${kB(total)} gzipped, over its budget of ${kB(budgetGzipBytes)} by ${kB(total - budgetGzipBytes)} ` +
    `(index.html's module script and modulepreloads: ${files}). Every page downloads and runs it before any ` +
    "page's own code is requested: load what the first screen does not need lazily (docs/decisions/067)."
  );
}

/**
 * Fails `vite build` when the entry's JavaScript, as written to the output folder, is over its gzipped budget;
 * otherwise prints its size.
 */
export function entryBudget(budgetGzipBytes = ENTRY_JAVASCRIPT_BUDGET_GZIP_BYTES): Plugin {
  let outDir = '';
  let report: (line: string) => void = () => {};
  return {
    name: 'bizdash:entry-budget',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      report = (line) => config.logger.info(line);
    },
    async writeBundle() {
      const { javascript } = await entrySize(outDir, { withBrotli: false });
      const problem = entryOverBudget(javascript, budgetGzipBytes);
      if (problem) throw new Error(problem);
      report(
        `[bizdash:entry-budget] entry JavaScript ${kB(sum(javascript, 'gzipBytes'))} gzipped (budget ${kB(budgetGzipBytes)})`,
      );
    },
  };
}
