// What every page downloads before anything else: index.html's module script, its modulepreloads and stylesheets.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

async function measure(distDir: string, href: string): Promise<EntryFile> {
  const content = await readFile(path.join(distDir, href.replace(/^\//, '')));
  return {
    file: href,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    brotliBytes: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

export async function entrySize(distDir: string): Promise<EntrySize> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const attribute = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');
  const scripts = [
    ...attribute(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...attribute(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const styles = attribute(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  return {
    javascript: await Promise.all(scripts.map((href) => measure(distDir, href))),
    css: await Promise.all(styles.map((href) => measure(distDir, href))),
  };
}

export const sum = (files: EntryFile[], key: 'bytes' | 'gzipBytes' | 'brotliBytes') =>
  files.reduce((total, file) => total + file[key], 0);
