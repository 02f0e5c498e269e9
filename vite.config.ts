import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createReadStream } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The dev server serves the rendered images from the image pipeline's cache (the build copies them
 * into assets/images/ instead), so `npm run dev` shows the same pictures as the built site.
 */
function serveSiteImages(): Plugin {
  return {
    name: 'serve-site-images',
    // Not under Vitest, which also starts a Vite server: tests do not need the images.
    apply: (_config, { command }) => command === 'serve' && !process.env.VITEST,
    async configureServer(server) {
      const { prepareImages } = await import('./scripts/images/build-images.mjs');
      const { files } = await prepareImages({ root, log: () => {} });
      const sources = new Map(files.map((file) => [file.to, file.from]));
      server.middlewares.use('/assets/images/', (request, response, next) => {
        const from = sources.get(decodeURIComponent((request.url ?? '').slice(1).split('?')[0] ?? ''));
        if (!from) return next();
        response.setHeader('content-type', from.endsWith('.avif') ? 'image/avif' : 'image/webp');
        createReadStream(from).pipe(response);
      });
    },
  };
}

/**
 * One HTML entry per page (a multi-page build): each public page loads only its own script, and the
 * management area's code is never downloaded by public pages. `scripts/build.mjs` then fills each
 * public page's HTML with its server-rendered markup.
 */
export default defineConfig({
  // The HTML entries sit at the top of src/client, so dev and build resolve their scripts alike.
  root: resolve(root, 'src/client'),
  publicDir: resolve(root, 'src/client/public'),
  plugins: [react(), tailwindcss(), serveSiteImages()],
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
