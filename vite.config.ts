import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One HTML entry per page (a multi-page build): each public page loads only its own script, and the
 * management area's code is never downloaded by public pages. `scripts/prerender.ts` then fills each
 * public page's HTML with its server-rendered markup.
 */
export default defineConfig({
  root: resolve(root, 'src/client/html'),
  publicDir: resolve(root, 'src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': resolve(root, 'src') } },
  build: {
    outDir: resolve(root, 'dist/client'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        home: resolve(root, 'src/client/html/index.html'),
        partnership: resolve(root, 'src/client/html/partnership/index.html'),
        manage: resolve(root, 'src/client/html/villa-management/index.html'),
        notFound: resolve(root, 'src/client/html/404.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
});
