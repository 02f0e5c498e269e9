import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import {
  getPageFile,
  findNotFoundPage,
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
 * - each page's entry script `/@pages/entry-<name>`: React and the page, mounted (or, on a painted page,
 *   hydrated). A painted page (prerendered or server-rendered) paints from its critical CSS and font faces,
 *   inlined by the build, which also replaces its module script by the inline loader
 *   (`src/client/pages/page-loader.ts`): after the first paint, the loader links the stylesheet and imports
 *   the entry. So in the build a painted page's entry imports no CSS (the two stylesheets are inputs of
 *   their own, `fonts` and `styles`, which the build reads), while on the dev server, which renders in the
 *   browser, it imports both. A client-rendered page imports the font packages' faces (every subset, no
 *   preloads) and the stylesheet with its script;
 * - `virtual:page-modules`, which the render bundle (`entry-server.tsx`) imports: each page's head tags and,
 *   for pages rendered at build time or by the server only, its component and samples (so the render
 *   bundle never holds the management area).
 */
const ENTRY = '/@pages/entry-';
const MODULES = 'virtual:page-modules';
/** The font faces and the rest of the stylesheet, build inputs of their own (see above). */
const STYLESHEETS = { fonts: 'styles/fonts.css', styles: 'styles/app.css' };

export function pagesPlugin({ clientRoot }: { clientRoot: string }): Plugin {
  const template = () => readFileSync(join(clientRoot, 'page.html'), 'utf8');
  const htmlIds = new Map(PAGES.map((page) => [join(clientRoot, getPageFile(page)), page]));
  const byName = new Map(PAGES.map((page) => [page.name, page]));
  let building = false;
  const renderHtml = (page: PageDefinition) =>
    template().replace('<!--app-entry-->', `<script type="module" src="${ENTRY}${page.name}"></script>`);

  return {
    name: 'pages',
    // Before Vite's own HTML handling, which would otherwise look for these files on disk.
    enforce: 'pre',
    config(_config, { command, isSsrBuild }) {
      building = command === 'build';
      if (command !== 'build' || isSsrBuild) return;
      // The input names become the entry scripts' file names (`assets/home-<hash>.js`).
      return {
        build: {
          rolldownOptions: {
            input: {
              ...Object.fromEntries(PAGES.map((page) => [page.name, join(clientRoot, getPageFile(page))])),
              ...Object.fromEntries(
                Object.entries(STYLESHEETS).map(([name, file]) => [name, join(clientRoot, file)]),
              ),
            },
          },
        },
      };
    },
    resolveId(id) {
      if (htmlIds.has(id)) return id;
      if (id === MODULES) return `\0${MODULES}`;
      if (id.startsWith(ENTRY) && byName.has(id.slice(ENTRY.length))) return `\0${id.slice(1)}`;
    },
    load(id) {
      const htmlPage = htmlIds.get(id);
      if (htmlPage) return renderHtml(htmlPage);
      if (id === `\0${MODULES}`) return renderPageModules();
      const [, name] = /^\0@pages\/entry-(.+)$/.exec(id) ?? [];
      const page = name ? byName.get(name) : undefined;
      if (page) return renderEntry(page, { building });
    },
    configureServer(server) {
      server.middlewares.use(servePages(server, renderHtml, (page) => page.route !== NOT_FOUND));
      // After Vite's own middlewares (modules, static files): any other page request is not found.
      return () => server.middlewares.use(servePages(server, renderHtml, (page) => page.route === NOT_FOUND));
    },
  };
}

/** A page's entry module: React and the page, mounted (or hydrated with the server's markup). */
function renderEntry(page: PageDefinition, { building }: { building: boolean }): string {
  const component = parseModuleExport(page.component);
  // A server-rendered page hydrates with the data the server rendered it with (none on the dev server).
  const withData = page.render === 'server';
  return [
    // First: zod must be told before any schema is built (see the module).
    `import '@/client/lib/zod-without-eval';`,
    ...(page.render === 'client'
      ? [
          // No preloaded fonts here: every subset the font packages declare, swapped in when they arrive
          // (not fonts.css, whose upright display face is `optional`, for pages that preload it).
          `import '@fontsource-variable/manrope';`,
          `import '@fontsource-variable/cormorant-garamond';`,
          // Guests' names and languages in Devanagari: fetched only when a view shows some.
          `import '@fontsource/noto-sans-devanagari/devanagari-400.css';`,
          `import '@fontsource/noto-sans-devanagari/devanagari-600.css';`,
          `import '@/client/${STYLESHEETS.styles}';`,
        ]
      : building
        ? []
        : Object.values(STYLESHEETS).map((file) => `import '@/client/${file}';`)),
    `import { createElement } from 'react';`,
    `import { ${component.name} as Page } from '${component.module}';`,
    `import { mountPage } from '@/client/pages/mount-page';`,
    ...(withData ? [`import { readPageData, readPageLanguage } from '@/client/pages/page-data';`] : []),
    withData
      ? `mountPage(createElement(Page, { data: readPageData(), language: readPageLanguage() }));`
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
    if (page.head) {
      const { module, name } = parseModuleExport(page.head);
      imports.push(`import { ${name} as head${index} } from '${module}';`);
      fields.push(`head: head${index}`);
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
        ? (request.headers.accept ?? '').includes('text/html') &&
          !path.startsWith('/api/') &&
          page === findNotFoundPage(path)
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
