import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import {
  getPageFile,
  NOT_FOUND,
  PAGES,
  parseModuleExport,
  type PageDefinition,
} from '../src/client/pages/registry.ts';

/**
 * Turns the page registry (`src/client/pages/registry.ts`) into what Vite builds and serves:
 * - one HTML entry per page, from the one template `src/client/page.html` (the build writes them to the
 *   registry's file names; the dev server answers each page's route with it, and unknown routes with the
 *   not-found page and status 404);
 * - each page's entry script `/@pages/entry-<name>`: for a prerendered or server-rendered page, a scheduler
 *   that imports `/@pages/hydrate-<name>` (React and the page) after the first paint; for a client-rendered
 *   page, the fonts, the CSS and the page, mounted at once;
 * - `virtual:page-modules`, which the render bundle (`entry-server.tsx`) imports: each page's head tags and,
 *   for pages rendered at build time or by the server only, its component and samples (so the render
 *   bundle never holds the management area).
 */
const ENTRY = '/@pages/entry-';
const HYDRATE = '/@pages/hydrate-';
const MODULES = 'virtual:page-modules';

export function pagesPlugin({ clientRoot }: { clientRoot: string }): Plugin {
  const template = () => readFileSync(join(clientRoot, 'page.html'), 'utf8');
  const htmlIds = new Map(PAGES.map((page) => [join(clientRoot, getPageFile(page)), page]));
  const byName = new Map(PAGES.map((page) => [page.name, page]));
  const renderHtml = (page: PageDefinition) =>
    template().replace('<!--app-entry-->', `<script type="module" src="${ENTRY}${page.name}"></script>`);

  return {
    name: 'pages',
    // Before Vite's own HTML handling, which would otherwise look for these files on disk.
    enforce: 'pre',
    config(_config, { command, isSsrBuild }) {
      if (command !== 'build' || isSsrBuild) return;
      // The input names become the entry scripts' file names (`assets/home-<hash>.js`).
      return {
        build: {
          rolldownOptions: {
            input: Object.fromEntries(PAGES.map((page) => [page.name, join(clientRoot, getPageFile(page))])),
          },
        },
      };
    },
    resolveId(id) {
      if (htmlIds.has(id)) return id;
      if (id === MODULES) return `\0${MODULES}`;
      for (const prefix of [ENTRY, HYDRATE]) {
        if (id.startsWith(prefix) && byName.has(id.slice(prefix.length))) return `\0${id.slice(1)}`;
      }
    },
    load(id) {
      const htmlPage = htmlIds.get(id);
      if (htmlPage) return renderHtml(htmlPage);
      if (id === `\0${MODULES}`) return renderPageModules();
      const [, kind, name] = /^\0@pages\/(entry|hydrate)-(.+)$/.exec(id) ?? [];
      const page = name ? byName.get(name) : undefined;
      if (!page) return;
      return kind === 'entry' ? renderEntry(page) : renderMount(page);
    },
    configureServer(server) {
      server.middlewares.use(servePages(server, renderHtml, (page) => page.route !== NOT_FOUND));
      // After Vite's own middlewares (modules, static files): any other page request is not found.
      return () => server.middlewares.use(servePages(server, renderHtml, (page) => page.route === NOT_FOUND));
    },
  };
}

/**
 * A prerendered page paints with its critical CSS inlined by the build; its entry fetches the full
 * stylesheet, React and the page only after the first paint (the hydrate module holds the stylesheet, and
 * Vite applies it before the module runs). See docs/decisions/0101.
 */
function renderEntry(page: PageDefinition): string {
  if (page.render !== 'client') {
    return [
      `import { afterFirstPaint } from '@/client/lib/after-first-paint';`,
      `afterFirstPaint(() => void import('${HYDRATE}${page.name}'));`,
    ].join('\n');
  }
  // A client-rendered page has no preloaded fonts, so it takes every subset the font packages declare.
  return [
    `import '@fontsource-variable/manrope';`,
    `import '@fontsource-variable/cormorant-garamond';`,
    renderMount(page),
  ].join('\n');
}

function renderMount(page: PageDefinition): string {
  const component = parseModuleExport(page.component);
  // A server-rendered page hydrates with the data the server rendered it with (none on the dev server).
  const withData = page.render === 'server';
  return [
    // First: zod must be told before any schema is built (see the module).
    `import '@/client/lib/zod-without-eval';`,
    `import '@/client/styles/app.css';`,
    `import { createElement } from 'react';`,
    `import { ${component.name} as Page } from '${component.module}';`,
    `import { mountPage } from '@/client/pages/mount-page';`,
    ...(withData ? [`import { readPageData } from '@/client/pages/page-data';`] : []),
    withData
      ? `mountPage(createElement(Page, { data: readPageData() }));`
      : `mountPage(createElement(Page));`,
  ].join('\n');
}

function renderPageModules(): string {
  const imports: string[] = [];
  const entries = PAGES.map((page, index) => {
    const fields: string[] = [];
    if (page.render !== 'client') {
      const { module, name } = parseModuleExport(page.component);
      imports.push(`import { ${name} as component${index} } from '${module}';`);
      fields.push(`component: component${index}`);
    }
    if (page.samples) {
      const { module, name } = parseModuleExport(page.samples);
      imports.push(`import { ${name} as samples${index} } from '${module}';`);
      fields.push(`samples: samples${index}`);
    }
    if (typeof page.meta === 'string') {
      const { module, name } = parseModuleExport(page.meta);
      imports.push(`import { ${name} as meta${index} } from '${module}';`);
      fields.push(`meta: meta${index}`);
    } else {
      fields.push(`meta: ${JSON.stringify(page.meta)}`);
    }
    return `  ${JSON.stringify(page.name)}: { ${fields.join(', ')} },`;
  });
  return [...imports, 'export const pageModules = {', ...entries, '};'].join('\n');
}

/** Whether a URL path matches a route in the server's syntax (`:name` matches one segment). */
export function matchesRoute(route: string, path: string): boolean {
  const routeParts = route.split('/');
  const pathParts = path.split('/');
  return (
    routeParts.length === pathParts.length &&
    routeParts.every((part, i) => (part.startsWith(':') ? pathParts[i] !== '' : part === pathParts[i]))
  );
}

/** The dev server's answer to a page request: the page's HTML through Vite's HTML transforms. */
function servePages(
  server: ViteDevServer,
  renderHtml: (page: PageDefinition) => string,
  include: (page: PageDefinition) => boolean,
): Connect.NextHandleFunction {
  return (request, response, next) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url) return next();
    // `/partnership/` is `/partnership` (the built server redirects it).
    const path = new URL(request.url, 'http://localhost').pathname.replace(/(.)\/$/, '$1');
    const page = PAGES.filter(include).find((page) =>
      page.route === NOT_FOUND
        ? (request.headers.accept ?? '').includes('text/html') && !path.startsWith('/api/')
        : matchesRoute(page.route, path),
    );
    if (!page) return next();
    server
      .transformIndexHtml(request.url, renderHtml(page), request.originalUrl)
      .then((html) => {
        response.statusCode = page.route === NOT_FOUND ? 404 : 200;
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(html);
      })
      .catch(next);
  };
}
