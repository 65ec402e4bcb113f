import path from 'node:path';
import { build, type Plugin } from 'vite';

/** Where the server's renderers are built, inside the web build (the API reads them from there, never serves them). */
export const SERVER_RENDERERS_DIR = 'server';

/**
 * Builds modules the API imports to render a page with its data (`src/app/*-server.tsx`) into
 * `<outDir>/server/<name>.mjs`, once the browser build is written: one self-contained file each (React, the
 * router and the app's code bundled in), so the API can load it from any build folder.
 */
export function serverRenderers(entries: Record<string, string>): Plugin {
  let root = '';
  let outDir = '';
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'bizdash:server-renderers',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      mode = config.mode;
    },
    async closeBundle(error) {
      if (error) return;
      await build({
        root,
        configFile,
        mode,
        logLevel: 'warn',
        ssr: { noExternal: true },
        build: {
          ssr: true,
          outDir: path.join(outDir, SERVER_RENDERERS_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          rollupOptions: {
            input: Object.fromEntries(
              Object.entries(entries).map(([name, entry]) => [name, path.resolve(root, entry)]),
            ),
            // .mjs throughout: no package.json says these are modules, and a loader such as tsx's would read
            // a .js chunk as CommonJS.
            output: {
              format: 'es',
              entryFileNames: '[name].mjs',
              chunkFileNames: 'chunks/[name]-[hash].mjs',
            },
          },
        },
      });
    },
  };
}
