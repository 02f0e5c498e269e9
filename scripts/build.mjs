// Builds the client for production: the multi-page client bundle (one entry per page of the page registry,
// src/client/pages/registry.ts), the render bundle (dist/ssr, which the server renders the server-rendered
// pages with), the prerendered HTML of each public page, robots.txt and sitemap.xml, and gzip/brotli copies
// of text files.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import { build } from 'vite';
import { prepareImages, publishImages } from './images/build-images.mjs';
import {
  buildTextFont,
  contentTexts,
  devanagariWords,
  intlDateTexts,
  rangesBesides,
} from './devanagari-text-font.mjs';
import { buildWordsFont } from './language-names-font.mjs';

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
// The two upright Latin fonts are preloaded on painted pages: the hero's heading is the largest paint.
const fontPreloads = readdirSync(join(clientDir, 'assets'))
  .filter((name) => /^(cormorant-garamond|manrope)-latin-wght-normal-[\w-]+\.woff2$/.test(name))
  .map((name) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${name}" crossorigin />`)
  .join('\n    ');
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
rmSync(join(clientDir, '.vite'), { recursive: true, force: true });
// The font faces and the rest of the app's stylesheet, each built as an input of its own
// (scripts/vite-plugin-pages.ts). A lazy section's own stylesheet comes with the section.
const readStylesheet = (source) => {
  const file = manifest[source]?.file;
  if (!file?.endsWith('.css')) throw new Error(`The build has no stylesheet for ${source}`);
  return { path: `/${file}`, css: readFileSync(join(clientDir, file), 'utf8') };
};
const fonts = readStylesheet('styles/fonts.css');
const stylesheet = readStylesheet('styles/app.css');
if (/@font-face/.test(stylesheet.css)) throw new Error('styles/app.css declares a font face');

// A painted page (prerendered, or rendered by the server) paints from what its HTML holds: the font faces
// and its critical CSS (the rules its markup uses; beasties) inline, the two upright fonts and the hero
// image preloaded. Nothing else is requested before that paint: Vite's module script and module preloads
// are replaced by the inline loader (src/client/pages/page-loader.ts), which links the stylesheet and
// imports the entry after the first contentful paint; a <noscript> link serves visitors without script.
// The stylesheet declares no font face: one declared again made the browser lay the whole page out again.
// See docs/decisions/0106-loader-after-the-first-paint.md.
// The English pages name the other languages in Devanagari (the language switch): a font of only the
// glyphs those words need (about 2 KB), inline, used for their characters alone, so that a system without a
// Devanagari font shows them, not empty boxes, and the page fetches no Devanagari face. `block`: it is
// there at once, and the words never show as boxes first. A Hindi or Marathi page has the whole face.
const languageNames = await buildWordsFont(
  Object.entries(server.LANGUAGE_NAMES)
    .filter(([language]) => language !== 'en')
    .map(([language, text]) => ({ text, language })),
);
const languageNamesFace =
  `@font-face{font-family:"Language Names";font-display:block;` +
  `src:url(data:font/woff2;base64,${languageNames.woff2.toString('base64')}) format("woff2");` +
  `unicode-range:${languageNames.unicodeRange}}`;

// The Hindi and Marathi pages' Devanagari: faces of only the glyphs their texts need (their markup, their
// languages' content, which their script may show, and Intl's dates), about 16 KB each against 50 KB,
// preloaded (the first screen uses 400 and 600): Lighthouse's simulation counts a face found only at layout
// as blocking the first paint. The whole faces stay for any other Devanagari character (a name a guest
// typed), with the rest of the range. Shared by both languages (one file each weight, cached).
const renderedPages = server.renderPages();
const devanagariLanguages = Object.keys(server.LANGUAGE_NAMES).filter((language) => language !== 'en');
const devanagariTextWords = devanagariLanguages.flatMap((language) =>
  devanagariWords(
    [
      ...renderedPages.filter((page) => page.language === language).map((page) => page.html),
      ...contentTexts(root, language),
      ...intlDateTexts(server.INTL_LOCALES[language]),
    ],
    language,
  ),
);
const require = createRequire(import.meta.url);
const devanagariTextFaces = [];
for (const weight of [400, 600]) {
  const font = await buildTextFont(
    devanagariTextWords,
    require.resolve(
      `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`,
    ),
  );
  const hash = createHash('sha256').update(font.woff2).digest('base64url').slice(0, 8);
  const path = `/assets/noto-sans-devanagari-text-${weight}-${hash}.woff2`;
  writeFileSync(join(clientDir, path), font.woff2);
  devanagariTextFaces.push({ weight, path, ...font });
}
// The built fonts.css's own rule for each weight (minified by Vite), narrowed to the characters the cut face
// does not have, beside the cut face's rule.
const devanagariFonts = devanagariTextFaces.reduce((css, face) => {
  const rule = new RegExp(
    `@font-face\\{font-family:"?Noto Sans Devanagari"?;[^}]*font-weight:${face.weight};[^}]*unicode-range:[^}]*\\}`,
  );
  const whole = css.match(rule)?.[0];
  if (!whole) throw new Error(`fonts.css has no Noto Sans Devanagari ${face.weight} rule`);
  return css.replace(
    whole,
    () =>
      `${whole.replace(/unicode-range:[^}]*/, () => `unicode-range:${rangesBesides(face.codePoints)}`)}` +
      `@font-face{font-family:"Noto Sans Devanagari";font-style:normal;font-display:swap;font-weight:${face.weight};` +
      `src:url(${face.path}) format("woff2");unicode-range:${face.unicodeRange}}`,
  );
}, fonts.css);
const devanagariPreloads = devanagariTextFaces
  .map(({ path }) => `<link rel="preload" as="font" type="font/woff2" href="${path}" crossorigin />`)
  .join('\n    ');

const inlineCriticalCss = new Beasties({
  path: clientDir,
  publicPath: '/',
  fonts: false,
  // The animations are tiny and run from the first paint.
  keyframes: 'all',
  logLevel: 'warn',
});
for (const page of renderedPages) {
  const path = join(clientDir, page.file);
  let html = readFileSync(path, 'utf8').replace('<html lang="en">', () => `<html lang="${page.language}">`);
  if (page.render !== 'client') {
    const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/)?.[1];
    if (!entry) throw new Error(`${page.file}: no entry module script to replace`);
    if (/<link rel="stylesheet"/.test(html))
      throw new Error(`${page.file}: a stylesheet on the way to the paint`);
    // (Replacements are functions: the markup and the CSS may hold `$` patterns.)
    html = html
      .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () =>
        server.renderPageLoader({ entry, stylesheet: stylesheet.path }),
      )
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(
        '<!--app-head-->',
        () =>
          `${fontPreloads}\n    ${devanagariLanguages.includes(page.language) ? `${devanagariPreloads}\n    ` : ''}${page.head}`,
      );
    // Beasties reads the page with the whole stylesheet inline and keeps the rules its markup uses; only
    // that <style> is taken from its output, so the page's HTML stays exactly as rendered. A server-rendered
    // page is read with its samples (each of its looks) and keeps its placeholder for the server to fill.
    const reduced = await inlineCriticalCss.process(
      html
        .replace('<!--app-html-->', () => page.html)
        .replace('</head>', () => `<style>${stylesheet.css}</style></head>`),
    );
    if (page.render === 'prerender') html = html.replace('<!--app-html-->', () => page.html);
    const critical = reduced.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    html = html
      .replace(
        '</head>',
        () =>
          `  <style>${page.language === 'en' ? fonts.css + languageNamesFace : devanagariFonts}${critical}</style>\n  </head>`,
      )
      .replace(
        '</body>',
        () => `  <noscript><link rel="stylesheet" href="${stylesheet.path}"></noscript>\n  </body>`,
      );
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
