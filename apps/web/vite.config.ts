import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryBudget } from './entry-budget.ts';
import { precompress } from './precompress.ts';
import { routePages } from './route-pages.ts';
import { serverRenderers } from './server-renderer.ts';

const apiTarget = process.env.BIZDASH_API_URL ?? 'http://127.0.0.1:8081';
/** Every page's frame (providers, cookie banner): a lazy route loaded beside the page's own code. */
const ROOT_LAYOUT = 'src/app/root-layout.tsx';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    // The server answers /signin, /pay/{id} and /dashboard/* with these (apps/api/src/plugins/web.ts).
    routePages([
      {
        fileName: 'pages/signin.html',
        route: 'src/features/auth/routes/sign-in.tsx',
        alsoPreload: [ROOT_LAYOUT, 'src/app/static-page.ts'],
        prerenderAt: '/signin',
        preloadsAfterPaint: true,
      },
      {
        fileName: 'pages/pay.html',
        route: 'src/features/checkout/routes/checkout.tsx',
        alsoPreload: [ROOT_LAYOUT, 'src/app/static-page.ts'],
        prerenderAt: '/pay/:productId',
        // The API draws the product into the page (ADR 029): its first paint needs no script either.
        preloadsAfterPaint: true,
      },
      // The signed-in landing page: the shell painted before any script (a frame the app draws the page over), its
      // first data requested by the page itself, its code (the shell, its data loader, the dashboard's first tab)
      // right after the first paint (ADR 067). One page per server mode: the Test mode band is in the first paint
      // or not.
      ...[false, true].map((testMode) => ({
        fileName: testMode ? 'pages/dashboard-test-mode.html' : 'pages/dashboard.html',
        route: 'src/features/transactions/routes/dashboard-transactions.tsx',
        alsoPreload: [
          ROOT_LAYOUT,
          'src/app/static-page.ts',
          'src/app/layouts/app-layout.tsx',
          'src/app/layouts/shell-data.ts',
          'src/features/transactions/routes/dashboard-layout.tsx',
        ],
        prerenderAt: '/dashboard',
        prerenderModule: 'src/app/layouts/static-shell.tsx',
        prerenderProps: { testMode },
        frameOnly: true,
        preloadsAfterPaint: true,
        headScript: 'dashboard-page-script.js',
      })),
    ]),
    // /pay/{id} rendered with its product by the API (apps/api/src/plugins/web.ts).
    serverRenderers({ 'checkout-page': 'src/app/checkout-page-server.tsx' }),
    precompress(),
    // Fails the build when the JavaScript every page loads first grows past its budget (issue 26 §5).
    entryBudget(),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React DOM and React Router apart from the app's own entry code: they change far less often (a deploy
        // keeps them cached), and each script's unused part at first load stays small (Lighthouse counts per script).
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
