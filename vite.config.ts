import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One HTML entry per page (a multi-page build): each public page loads only its own script, and the
 * management area's code is never downloaded by public pages. `scripts/build.mjs` then fills each
 * public page's HTML with its server-rendered markup.
 */
export default defineConfig({
  // The HTML entries sit at the top of src/client, so dev and build resolve their scripts alike.
  root: resolve(root, 'src/client'),
  publicDir: resolve(root, 'src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': resolve(root, 'src') } },
  build: {
    outDir: resolve(root, 'dist/client'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        home: resolve(root, 'src/client/index.html'),
        partnership: resolve(root, 'src/client/partnership/index.html'),
        manage: resolve(root, 'src/client/villa-management/index.html'),
        notFound: resolve(root, 'src/client/404.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
});
