// Builds the client for production: the multi-page client bundle, the server-side render bundle, the
// prerendered HTML of each public page, robots.txt and sitemap.xml, and gzip/brotli copies of text files.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
// BUILD_DIR lets two builds (say, two people's browser tests) run side by side; the default is dist/.
const buildDir = process.env.BUILD_DIR ? resolve(process.env.BUILD_DIR) : join(root, 'dist');
const clientDir = join(buildDir, 'client');
const ssrDir = join(buildDir, 'ssr');
const startedAt = performance.now();

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

const server = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
const fill = (file, html, head) => {
  const path = join(clientDir, file);
  const template = readFileSync(path, 'utf8');
  writeFileSync(path, template.replace('<!--app-head-->', head).replace('<!--app-html-->', html));
};
for (const page of server.renderPages()) fill(page.file, page.html, page.head);
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
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
mkdirSync(dirname(join(clientDir, '.built')), { recursive: true });
writeFileSync(join(clientDir, '.built'), new Date().toISOString());
console.log(`Built the client in ${Math.round(performance.now() - startedAt)} ms`);
