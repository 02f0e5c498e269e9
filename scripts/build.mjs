// Builds the client for production: the multi-page client bundle (one entry per page of the page registry,
// src/client/pages/registry.ts), the render bundle (dist/ssr, which the server renders the server-rendered
// pages with), the prerendered HTML of each public page, robots.txt and sitemap.xml, and gzip/brotli copies
// of text files.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import { build } from 'vite';
import { prepareImages, publishImages } from './images/build-images.mjs';

// A production build whatever the caller's NODE_ENV: Vite follows it, and under a test runner (NODE_ENV=test,
// as when the browser tests' setup builds) the pages would ship React's development build (twice the size).
process.env.NODE_ENV = 'production';
const root = fileURLToPath(new URL('..', import.meta.url));
// BUILD_DIR lets two builds (say, two people's browser tests) run side by side; the default is dist/.
const buildDir = process.env.BUILD_DIR ? resolve(process.env.BUILD_DIR) : join(root, 'dist');
const clientDir = join(buildDir, 'client');
const ssrDir = join(buildDir, 'ssr');
const startedAt = performance.now();

// Images first: the pages import their manifest (sizes, hashes), so it must exist before Vite bundles.
const images = await prepareImages({ root });
await build({
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: clientDir, manifest: true },
});
await build({
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  // Bundled whole, so the render bundle runs from any BUILD_DIR without node_modules beside it.
  ssr: { noExternal: true },
  build: {
    ssr: join(root, 'src/client/entry-server.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    rolldownOptions: { input: join(root, 'src/client/entry-server.tsx') },
  },
});

publishImages(images.files, clientDir);

const server = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
// The two upright Latin fonts are preloaded on prerendered pages: the hero's heading is the largest paint.
const fontPreloads = readdirSync(join(clientDir, 'assets'))
  .filter((name) => /^(cormorant-garamond|manrope)-latin-wght-normal-[\w-]+\.woff2$/.test(name))
  .map((name) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${name}" crossorigin />`)
  .join('\n    ');
// Which stylesheets a page needs before its script runs: those of its entry and of the module it hydrates
// with, and of their static imports (a lazy section's own stylesheet comes with the section).
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
rmSync(join(clientDir, '.vite'), { recursive: true, force: true });
const collectStylesheets = (key, seen = new Set()) => {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((next) => collectStylesheets(next, seen))];
};
const listPageStylesheets = (file) => [
  ...new Set([
    ...collectStylesheets(file),
    ...(manifest[file].dynamicImports ?? []).flatMap((key) => collectStylesheets(key)),
  ]),
];

// A prerendered page paints with its critical CSS inlined: the rules that match its markup (beasties).
// The full stylesheet is not linked: the page's script loads it after the first paint, before it hydrates
// (the hydrate module imports it), and a <noscript> link serves visitors without script. Beasties' own
// ways of deferring a linked sheet either leave it on the path to the first paint (a body link, a
// preload) or swap it in with an onload attribute or an inline script, which the Content-Security-Policy
// (script-src 'self') refuses.
const inlineCriticalCss = new Beasties({
  path: clientDir,
  publicPath: '/',
  // Font faces are inlined whole below: beasties cannot tell which families a page uses when, as with
  // Tailwind, they are named through CSS variables. The animations are tiny and run from the first paint.
  fonts: false,
  keyframes: 'all',
  logLevel: 'warn',
});
for (const page of server.renderPages()) {
  const path = join(clientDir, page.file);
  let html = readFileSync(path, 'utf8');
  if (page.render !== 'client') {
    // A prerendered page's script only hydrates, after the first paint: it and the module preloads Vite
    // adds for its imports are fetched at low priority, so they do not compete with the fonts and the hero
    // image on the way to the first paint (Lighthouse mobile on `/`: FCP 1.0 s instead of 1.2 s).
    // See docs/decisions/0101-public-pages-performance.md.
    html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    // (Replacements are functions: the markup and the CSS may hold `$` patterns.)
    html = html.replace('<!--app-head-->', () => `${fontPreloads}\n    ${page.head}`);
    const stylesheets = listPageStylesheets(page.file);
    const css = stylesheets.map((file) => readFileSync(join(clientDir, file), 'utf8')).join('\n');
    // Beasties reads the page with its full CSS inline and keeps the rules its markup uses; only that
    // <style> is taken from its output, so the page's HTML stays exactly as rendered. A server-rendered
    // page is read with its samples (each of its looks) and keeps its placeholder for the server to fill.
    const reduced = await inlineCriticalCss.process(
      html
        .replace('<!--app-html-->', () => page.html)
        .replace('</head>', () => `<style>${css}</style></head>`),
    );
    if (page.render === 'prerender') html = html.replace('<!--app-html-->', () => page.html);
    const critical = reduced.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    // A face declared only in the full sheet would swap the hero's heading to its font after the first
    // paint (or, with font-display: optional, never show it).
    const fontFaces = css.match(/@font-face\{[^}]*\}/g) ?? [];
    const links = stylesheets.map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
    html = html
      .replace('</head>', () => `  <style>${fontFaces.join('')}${critical}</style>\n  </head>`)
      .replace('</body>', () => `  <noscript>${links}</noscript>\n  </body>`);
  } else {
    html = html.replace('<!--app-head-->', () => page.head).replace('<!--app-html-->', '');
  }
  writeFileSync(path, html);
}
writeFileSync(join(clientDir, 'robots.txt'), server.renderRobotsTxt());
writeFileSync(join(clientDir, 'sitemap.xml'), server.renderSitemapXml());
// The render bundle stays beside the client: the server renders the server-rendered pages with it.

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
