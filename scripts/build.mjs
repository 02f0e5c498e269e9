// Builds the client for production: the multi-page client bundle, the server-side render bundle, the
// prerendered HTML of each public page, robots.txt and sitemap.xml, and gzip/brotli copies of text files.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { prepareImages, publishImages } from './images/build-images.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// BUILD_DIR lets two builds (say, two people's browser tests) run side by side; the default is dist/.
const buildDir = process.env.BUILD_DIR ? resolve(process.env.BUILD_DIR) : join(root, 'dist');
const clientDir = join(buildDir, 'client');
const ssrDir = join(buildDir, 'ssr');
const startedAt = performance.now();

// Images first: the pages import their manifest (sizes, hashes), so it must exist before Vite bundles.
const images = await prepareImages({ root });
await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: clientDir } });
await build({
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  // Bundled whole, so the render bundle runs from any BUILD_DIR without node_modules beside it.
  ssr: { noExternal: true },
  build: {
    ssr: join(root, 'src/client/entry-server.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    rollupOptions: { input: join(root, 'src/client/entry-server.tsx') },
  },
});

publishImages(images.files, clientDir);

const server = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
const fill = (file, html, head, { dropModulePreload = false } = {}) => {
  const path = join(clientDir, file);
  let template = readFileSync(path, 'utf8');
  // Public pages are prerendered: their script only hydrates. Module preloads would make the browser
  // fetch all of it at high priority beside the CSS and the hero image, delaying the first paint
  // (Lighthouse mobile: FCP 2.2 s with them, 1.2 s without); without them the script still loads, a
  // round trip later. See docs/decisions/0101-public-pages-performance.md.
  if (dropModulePreload) template = template.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  writeFileSync(path, template.replace('<!--app-head-->', head).replace('<!--app-html-->', html));
};
// The two upright Latin fonts are preloaded on public pages: the hero's heading is the largest paint.
const fontPreloads = readdirSync(join(clientDir, 'assets'))
  .filter((name) => /^(cormorant-garamond|manrope)-latin-wght-normal-[\w-]+\.woff2$/.test(name))
  .map((name) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${name}" crossorigin />`)
  .join('\n    ');
for (const page of server.renderPages())
  fill(page.file, page.html, `${fontPreloads}\n    ${page.head}`, { dropModulePreload: true });
fill('villa-management/index.html', '', server.managementHead);
writeFileSync(join(clientDir, 'robots.txt'), server.renderRobotsTxt());
writeFileSync(join(clientDir, 'sitemap.xml'), server.renderSitemapXml());
rmSync(ssrDir, { recursive: true, force: true });

// Pre-compressed copies, served by @fastify/static when the browser accepts them.
const compressible = /\.(html|js|css|svg|json|txt|xml)$/;
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
for (const file of walk(clientDir).filter((path) => compressible.test(path))) {
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
mkdirSync(dirname(join(clientDir, '.built')), { recursive: true });
writeFileSync(join(clientDir, '.built'), new Date().toISOString());
console.log(`Built the client in ${Math.round(performance.now() - startedAt)} ms`);
