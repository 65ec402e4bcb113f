import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { routePages } from './route-pages.ts';
import { serverRenderers } from './server-renderer.ts';

const apiTarget = process.env.BIZDASH_API_URL ?? 'http://127.0.0.1:8081';

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
        alsoPreload: ['src/app/static-page.ts'],
        prerenderAt: '/signin',
        preloadsAfterPaint: true,
      },
      {
        fileName: 'pages/pay.html',
        route: 'src/features/checkout/routes/checkout.tsx',
        alsoPreload: ['src/app/static-page.ts'],
        prerenderAt: '/pay/:productId',
        // The API draws the product into the page (ADR 029): its first paint needs no script either.
        preloadsAfterPaint: true,
      },
      // The signed-in landing page: the shell, its data loader and the dashboard's first tab, all lazy routes.
      {
        fileName: 'pages/dashboard.html',
        route: 'src/features/transactions/routes/dashboard-transactions.tsx',
        alsoPreload: [
          'src/app/layouts/app-layout.tsx',
          'src/app/layouts/shell-data.ts',
          'src/features/transactions/routes/dashboard-layout.tsx',
        ],
      },
    ]),
    // /pay/{id} rendered with its product by the API (apps/api/src/plugins/web.ts).
    serverRenderers({ 'checkout-page': 'src/app/checkout-page-server.tsx' }),
    precompress(),
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
