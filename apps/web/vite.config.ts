import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const apiTarget = process.env.BIZDASH_API_URL ?? 'http://127.0.0.1:8081';

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
