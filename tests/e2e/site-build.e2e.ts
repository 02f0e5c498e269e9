import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { PAGE_LOADER_SCRIPT } from '../../src/client/pages/page-loader';
import { getPageFile, PAGES } from '../../src/client/pages/registry';
import { requestPageSamples } from '../../src/client/pages/site/request-page-samples';
import { readTestEnv } from '../../src/server/test/test-env';

/**
 * What the build writes for the public pages, read from its files (the browser tests' global setup has
 * just built them): the first paint needs nothing but the HTML, and the script a public page loads holds
 * React and the page, not the management area's libraries.
 */
const testEnv = readTestEnv();
const clientDir = join(testEnv.buildDir ?? join(import.meta.dirname, '../../dist'), 'client');
// Pages rendered at build time, and those the server renders from a built shell: both paint from their HTML.
const prerendered = PAGES.filter((page) => page.render !== 'client');
const readBuilt = (path: string) => readFileSync(join(clientDir, path), 'utf8');

/** The JS files a page's entry module brings: itself and its static imports (not its lazy sections). */
function listLoadedScripts(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // Static imports (`from"./x.js"`, `import"./x.js"`); a lazy section's chunk is a dynamic import.
    for (const [, next] of readBuilt(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      visit(`assets/${next}`);
  };
  visit(entry);
  return [...seen];
}

describe.skipIf(testEnv.baseUrl)('the built public pages', () => {
  it('paint from inlined critical CSS: nothing but the fonts and the hero image requested before the first paint', () => {
    expect(existsSync(join(clientDir, '.built'))).toBe(true);
    for (const page of prerendered) {
      const html = readBuilt(getPageFile(page));
      const head = html.slice(0, html.indexOf('</head>'));
      const withoutNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
      // The critical CSS: the page's font faces and the rules its markup uses, inline in the head.
      const inline = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
      expect(inline.length, page.name).toBeGreaterThan(5_000);
      expect(inline, page.name).toContain('@font-face');
      expect(inline, page.name).toMatch(/\.font-display\{/);
      // The stylesheet is linked by the loader after the first paint, or by a <noscript> link for visitors
      // without script; it declares no font face again (that laid the whole page out again).
      expect(withoutNoscript, page.name).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const noscriptSheets = [...html.matchAll(/<noscript><link rel="stylesheet" href="\/([^"]+)">/g)];
      expect(noscriptSheets.length, page.name).toBe(1);
      const stylesheet = noscriptSheets[0]![1]!;
      expect(readBuilt(stylesheet), stylesheet).not.toContain('@font-face');
      // Scripts: data, and the loader, which the CSP allows by its hash; nothing of the script is
      // requested before the first paint (no script src, no module preload).
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      // Data: the structured data and the business's contact details (type application/ld+json, application/json).
      const loaders = scripts.filter(
        ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!),
      );
      expect(loaders.length, page.name).toBe(1);
      const [, attributes, code] = loaders[0]!;
      expect(code, page.name).toBe(PAGE_LOADER_SCRIPT);
      const [, entry, linked] =
        / data-entry="\/(assets\/[\w.-]+\.js)" data-stylesheet="\/(assets\/[\w.-]+\.css)"$/.exec(
          attributes!,
        ) ?? [];
      expect(entry && existsSync(join(clientDir, entry)), `${page.name}: ${attributes}`).toBe(true);
      expect(linked, page.name).toBe(stylesheet);
      expect(html, page.name).not.toMatch(/<script[^>]* src=|<link rel="modulepreload"/);
      // The two upright fonts are preloaded, so the hero's text is not waiting for the stylesheet to name them;
      // a Hindi or Marathi page also preloads its two cut Devanagari faces (checked by the languages' suite).
      const preloads = head.match(/<link rel="preload" as="font"[^>]+\.woff2"/g) ?? [];
      expect(preloads.filter((link) => !link.includes('noto-sans-devanagari')).length, page.name).toBe(2);
      expect(preloads.length, page.name).toBe(page.language && page.language !== 'en' ? 4 : 2);
    }
    // The hero image of `/` is preloaded at high priority.
    expect(readBuilt('index.html')).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/);
  });

  it("leaves a server-rendered page's markup to the server, with the CSS of each of its looks inline", async () => {
    const bundle = (await import(pathToFileURL(join(clientDir, '../ssr/entry-server.js')).href)) as {
      renderServerPage(name: string, data: unknown, requested?: string): { html: string; language: string };
    };
    const html = readBuilt('request/index.html');
    expect(html).toContain('<div id="root"><!--app-html--></div>');
    const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
    // The status tones of a pending, a confirmed and a cancelled request, whichever the server renders.
    for (const tone of ['f3e6c9', 'd9ecdf', 'f4dcd9']) expect(inline).toContain(`.bg-\\[\\#${tone}\\]{`);
    const confirmed = requestPageSamples.find((sample) => sample.request.status === 'confirmed')!;
    expect(bundle.renderServerPage('request', confirmed).html).toMatch(/Status: (<!-- -->)?Confirmed/);
    // In the language asked for, or the request's own.
    const marathi = bundle.renderServerPage('request', confirmed, 'mr');
    expect(marathi.language).toBe('mr');
    expect(marathi.html).toMatch(/स्थिती: (<!-- -->)?निश्चित/);
    expect(bundle.renderServerPage('request', confirmed).language).toBe(confirmed.request.language);
  });

  it("loads at most 140 KB of JS (gzip) before the guest's request page's lazy parts", () => {
    // React, TanStack Query, the withdraw dialog and the page's words in its three languages; the check-in
    // form and its validation (zod) come after hydration.
    const entry = readBuilt('request/index.html').match(/<script data-entry="\/(assets\/[^"]+\.js)"/)?.[1];
    const bytes = listLoadedScripts(entry!).reduce(
      (sum, file) => sum + gzipSync(readBuilt(file), { level: 9 }).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(140 * 1024);
  });

  it('loads neither tailwind-merge nor radix on a public page, and at most 90 KB of JS (gzip) on /', () => {
    // (The guest's request page is not held to it: its withdraw dialog is the management area's.)
    let homeBytes: number | undefined;
    for (const page of PAGES.filter((page) => page.render === 'prerender')) {
      const html = readBuilt(getPageFile(page));
      const entry = html.match(/<script data-entry="\/(assets\/[^"]+\.js)"/)?.[1];
      expect(entry, page.name).toBeDefined();
      const scripts = listLoadedScripts(entry!);
      // React and the page's own code: the entry and the shared mount chunk with React DOM.
      expect(
        scripts.some((file) => /\/mount-/.test(file)),
        page.name,
      ).toBe(true);
      for (const file of scripts) {
        const code = readBuilt(file);
        // A class group name of tailwind-merge's configuration, and radix's Slot (the management Button).
        expect(code.includes('fvn-slashed-zero'), `tailwind-merge in ${file} (${page.name})`).toBe(false);
        expect(code.includes('Slottable'), `radix's Slot in ${file} (${page.name})`).toBe(false);
      }
      if (page.route === '/')
        homeBytes = scripts.reduce((sum, file) => sum + gzipSync(readBuilt(file), { level: 9 }).length, 0);
    }
    expect(homeBytes, 'JS loaded by /').toBeDefined();
    expect(homeBytes).toBeLessThanOrEqual(90 * 1024);
  });

  it("is valid HTML (html-validate's standard preset) on every page the build writes, each image with its source", async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    for (const page of prerendered) {
      const html = readBuilt(getPageFile(page));
      const report = await validator.validateString(html, getPageFile(page));
      const problems = report.results.flatMap((result) =>
        result.messages.map(
          (message) => `${message.ruleId} at ${message.line}:${message.column}: ${message.message}`,
        ),
      );
      expect(problems, page.name).toEqual([]);
      // Crawlers, link previews and readers without script get the image itself, not an empty frame.
      for (const [img] of html.matchAll(/<img\b[^>]*>/g)) {
        expect(img, page.name).toMatch(/ src="\/assets\/images\/[\w.-]+\.webp"/);
        expect(img, page.name).toMatch(/ loading="(lazy|eager)"/);
      }
      for (const [source] of html.matchAll(/<source\b[^>]*>/g))
        expect(source, page.name).toMatch(/ srcset="\/assets\/images\//i);
    }
  });

  it("loads no zod before a public page's lazy sections: its API calls go by route, not by contract", () => {
    // The contracts' schemas check answers in development and tests only; a form's lazy section brings zod.
    for (const page of prerendered) {
      const entry = readBuilt(getPageFile(page)).match(/<script data-entry="\/(assets\/[^"]+\.js)"/)?.[1];
      expect(entry, page.name).toBeDefined();
      for (const file of listLoadedScripts(entry!))
        expect(readBuilt(file).includes('$ZodType'), `zod in ${file} (${page.name})`).toBe(false);
    }
  });
});
