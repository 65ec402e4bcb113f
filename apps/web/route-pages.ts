import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createServer, type Plugin, type Rolldown } from 'vite';
import { toStaticMarkup } from './src/app/static-markup.ts';

/**
 * A page the server answers with HTML of its own instead of the bare index.html (apps/api/src/plugins/web.ts):
 * the same document, plus modulepreloads of the route's code, so the browser fetches it beside the entry instead
 * of after the entry has run; optionally with the route's screen prerendered into #root.
 */
interface RoutePage {
  /** Where the HTML is written in the build, e.g. `pages/signin.html`. */
  fileName: string;
  /** The route module (its `Component` is the page), relative to the web app's root. */
  route: string;
  /** Other modules the page loads early on (dynamic imports of the entry), preloaded too. */
  alsoPreload?: string[];
  /**
   * The route's path (as in the route table, e.g. `/pay/:productId`) to prerender its Component at, as it first
   * renders with no data yet; the page is client-rendered only without it.
   */
  prerenderAt?: string;
  /** Prerendered instead of the route: a module whose `Component` is, given `prerenderProps`. */
  prerenderModule?: string;
  prerenderProps?: Record<string, unknown>;
  /**
   * The prerendered markup is a frame the app draws its page over (the signed-in shell), not the page itself: its
   * buttons are inert until the app has drawn the page (its links work as links), and nothing is replayed.
   */
  frameOnly?: boolean;
  /** A prerendered page whose screen needs no script: its code is requested after the first paint. */
  preloadsAfterPaint?: boolean;
  /**
   * A script file put inline in the page's head, before its stylesheet and code (the server's Content-Security-Policy
   * allows it by its hash: apps/api/src/plugins/security.ts).
   */
  headScript?: string;
}

/** Tells main.tsx the markup in #root is static and which route it shows (the app takes it over: src/app/static-page.ts). */
const STATIC_PAGE_ATTRIBUTE = 'data-static-page';
/** Beside it: the markup is only a frame of the app's page (static-page.ts replays nothing onto it). */
const STATIC_FRAME_ATTRIBUTE = 'data-static-frame';
/** Around the prerendered screen: the server may put the same screen rendered with its data in between. */
const PAGE_START = '<!--page-->';
const PAGE_END = '<!--/page-->';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

const isChunk = (item: Bundle[string] | undefined): item is Chunk => item?.type === 'chunk';

/** The chunk and every chunk it imports statically, transitively: what runs before its module does. */
function staticClosure(bundle: Bundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (isChunk(chunk)) for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

function chunkOf(bundle: Bundle, root: string, module: string): Chunk {
  const id = path.resolve(root, module);
  const chunk = Object.values(bundle).find((item) => isChunk(item) && item.facadeModuleId === id);
  if (!isChunk(chunk)) throw new Error(`route-pages: no chunk of its own for ${module}`);
  return chunk;
}

/**
 * The route's screen as static HTML: its Component (or the prerender module's) rendered at its address, in a static
 * data router, as the client first renders it (no data, nothing typed).
 */
async function prerender(root: string, configFile: string | undefined, page: RoutePage): Promise<string> {
  const server = await createServer({
    root,
    configFile,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  try {
    const module = `/${page.prerenderModule ?? page.route}`;
    const { Component } = (await server.ssrLoadModule(module)) as { Component: ComponentType };
    // One route matching any address: the screen renders as before any route's params are known.
    const handler = createStaticHandler([
      { path: '*', element: createElement(Component, page.prerenderProps) },
    ]);
    const context = await handler.query(new Request(new URL(page.prerenderAt ?? '/', 'http://localhost')));
    if (context instanceof Response) throw new Error(`route-pages: ${module} answered with a redirect`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const markup = renderToString(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(StaticRouterProvider, { router, context, hydrate: false }),
      ),
    );
    return toStaticMarkup(markup);
  } finally {
    await server.close();
  }
}

/**
 * A prerendered page is painted before the app's code runs: a small script records what the visitor presses
 * (replayed by the app) and starts the entry once the browser reports the first contentful paint. Otherwise the browser runs the entry (React DOM's evaluation, the router)
 * as soon as it has arrived, and a phone's slow CPU holds back the first paint of a page that needed no script.
 * With `preloadsAfterPaint` the code is also requested only then: for a page whose whole screen is static (sign-in,
 * the signed-in shell), so its first paint never shares the network with the code. The script then imports the
 * entry, what the entry imports and the page's own modules (the route's, `alsoPreload`), and the browser fetches
 * what those import in turn: a link per chunk, added by script, cost the dashboard's page half a second of a slow
 * phone's main thread for its 93 chunks. A page whose main content waits for the code keeps the modulepreloads in
 * the head.
 */
function paintFirst(
  context: Rolldown.PluginContext,
  html: string,
  entry: Chunk,
  pageModules: string[],
  preloadsAfterPaint: boolean,
) {
  const entryFile = entry.fileName;
  const entryScript = `<script type="module" crossorigin src="/${entryFile}"></script>`;
  if (!html.includes(entryScript))
    throw new Error('route-pages: index.html does not load the entry as expected');
  const entryUrl = `./${path.posix.basename(entryFile)}`;
  const imports = preloadsAfterPaint
    ? [...new Set([...entry.imports, ...pageModules])].map((file) => `/${file}`)
    : [];
  if (preloadsAfterPaint) html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  const boot = context.emitFile({
    type: 'asset',
    name: 'paint-first.js',
    // A tab opened in the background paints nothing, so the timeout starts the app there anyway.
    source: `// Presses on the static page before the app runs, for the app to replay (src/app/static-page.ts).
const root = document.getElementById('root');
const presses = (window.staticPagePresses = []);
const record = (press) => {
  if (press && root.hasAttribute('data-static-page')) presses.push(press);
};
root.addEventListener('click', (event) => record(event.target.closest?.('button')), true);
root.addEventListener(
  'keydown',
  (event) => record(event.key === 'Enter' && event.target instanceof HTMLInputElement ? 'enter' : null),
  true,
);
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The entry first: over HTTP/1.1 a request waits for one of six connections, and nothing runs before the entry.
  import(${JSON.stringify(entryUrl)});
  // A module that fails here fails again where the app imports it, and says so there.
  for (const href of ${JSON.stringify(imports)}) import(href).catch(() => {});
};
new PerformanceObserver((entries, observer) => {
  if (!entries.getEntriesByName('first-contentful-paint').length) return;
  observer.disconnect();
  setTimeout(start);
}).observe({ type: 'paint', buffered: true });
setTimeout(start, 1000);
`,
  });
  const bootFile = context.getFileName(boot);
  if (path.posix.dirname(bootFile) !== path.posix.dirname(entryFile)) {
    throw new Error('route-pages: paint-first.js and the entry must share a folder');
  }
  return html.replace(
    entryScript,
    preloadsAfterPaint
      ? `<script type="module" crossorigin src="/${bootFile}"></script>`
      : `<link rel="modulepreload" crossorigin href="/${entryFile}">\n    <script type="module" crossorigin src="/${bootFile}"></script>`,
  );
}

/** Writes one HTML file per page into the build (precompress.ts compresses them with everything else). */
export function routePages(pages: RoutePage[]): Plugin {
  let root = '';
  let configFile: string | undefined;
  return {
    name: 'bizdash:route-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route-pages: the build has no index.html');
      const html = String(index.source);
      const entry = Object.values(bundle).find((item) => isChunk(item) && item.isEntry);
      if (!isChunk(entry)) throw new Error('route-pages: the build has no entry chunk');
      const inEntry = staticClosure(bundle, entry.fileName);

      for (const page of pages) {
        const preloaded = new Set<string>();
        for (const module of [page.route, ...(page.alsoPreload ?? [])]) {
          staticClosure(bundle, chunkOf(bundle, root, module).fileName, preloaded);
        }
        const links = [...preloaded]
          .filter((file) => !inEntry.has(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        let source = html.replace('  </head>', `${links}  </head>`);
        const pageModules = [page.route, ...(page.alsoPreload ?? [])].map(
          (module) => chunkOf(bundle, root, module).fileName,
        );
        if (page.headScript) {
          const script = await readFile(path.resolve(root, page.headScript), 'utf8');
          if (!/<script type="module"/.test(source))
            throw new Error('route-pages: index.html loads no entry');
          source = source.replace(
            /( *)<script type="module"/,
            (tag, indent: string) => `${indent}<script>${script}</script>\n${tag}`,
          );
        }
        if (page.prerenderAt) {
          const prerendered = await prerender(root, configFile, page);
          // A frame's buttons wait for the app (its links work as links): nothing pressed on it is replayed.
          const markup = page.frameOnly
            ? prerendered.replace(/<button(?=[\s>])/g, '<button inert=""')
            : prerendered;
          const frame = page.frameOnly ? ` ${STATIC_FRAME_ATTRIBUTE}` : '';
          source = paintFirst(this, source, entry, pageModules, page.preloadsAfterPaint === true).replace(
            '<div id="root"></div>',
            `<div id="root" ${STATIC_PAGE_ATTRIBUTE}="${page.prerenderAt}"${frame}>${PAGE_START}${markup}${PAGE_END}</div>`,
          );
        }
        if (source === html)
          throw new Error(`route-pages: index.html did not take ${page.fileName}'s additions`);
        this.emitFile({ type: 'asset', fileName: page.fileName, source });
      }
    },
  };
}
