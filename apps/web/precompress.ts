import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { SERVER_RENDERERS_DIR } from './server-renderer.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends; source maps are never served (apps/api/src/plugins/web.ts), so they are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of the build that
 * they make smaller. Done once at build time, at the highest levels, so the server only picks a file per
 * request (@fastify/static `preCompressed`) and never compresses on the fly.
 */
async function precompressDir(dir: string): Promise<{ files: number }> {
  // The server's renderers are read by the API, never sent (and are still being built beside this step).
  const serverDir = path.join(dir, SERVER_RENDERERS_DIR) + path.sep;
  const files = (await filesUnder(dir)).filter(
    (file) => COMPRESSIBLE.test(file) && !file.startsWith(serverDir),
  );
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return { files: files.length };
}

/** The Vite plugin: precompresses the whole output folder (public files included) at the end of `vite build`. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bizdash:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      const { files } = await precompressDir(outDir);
      this.info(`precompressed ${files} files (brotli, gzip)`);
    },
  };
}
