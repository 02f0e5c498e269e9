import { describe, expect, it } from 'vitest';
import { matchesRoute } from '../../../scripts/vite-plugin-pages';
import {
  findNotFoundPage,
  getPageFile,
  getRouteBase,
  hasParameters,
  NOT_FOUND,
  PAGES,
  parseModuleExport,
  type PageDefinition,
} from './registry';

describe('the page registry', () => {
  it('names each page, route and built file once, with one home page and one not-found page per language', () => {
    const names = PAGES.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    // A route once per language (the not-found pages share theirs).
    const routes = PAGES.map((page) => `${page.language ?? 'en'} ${page.route}`);
    expect(new Set(routes).size).toBe(routes.length);
    const files = PAGES.map(getPageFile);
    expect(new Set(files).size).toBe(files.length);
    expect(PAGES.filter((page) => page.route === NOT_FOUND).map((page) => page.language ?? 'en')).toEqual([
      'en',
      'hi',
      'mr',
    ]);
    expect(PAGES.filter((page) => page.route === '/')).toHaveLength(1);
  });

  it("points every page at a component and head tags that exist, with the page's own path", async () => {
    for (const page of PAGES) {
      const component = parseModuleExport(page.component);
      const componentModule = (await import(/* @vite-ignore */ component.module)) as Record<string, unknown>;
      expect(typeof componentModule[component.name], page.component).toBe('function');
      let meta: unknown = page.meta;
      if (typeof page.meta === 'string') {
        const reference = parseModuleExport(page.meta);
        meta = ((await import(/* @vite-ignore */ reference.module)) as Record<string, unknown>)[
          reference.name
        ];
      }
      expect(meta, page.name).toMatchObject({ path: expect.any(String), title: expect.any(String) });
      // A server-rendered page has samples for the build to find its critical CSS with; no other page has.
      expect(Boolean(page.samples), page.name).toBe(page.render === 'server');
      if (page.samples) {
        const reference = parseModuleExport(page.samples);
        const samples = ((await import(/* @vite-ignore */ reference.module)) as Record<string, unknown>)[
          reference.name
        ];
        expect(Array.isArray(samples) && samples.length > 0, page.name).toBe(true);
      }
      if (page.route !== NOT_FOUND) expect((meta as { path: string }).path, page.name).toBe(page.route);
    }
    // Importing every page module cold takes seconds on a loaded machine.
  }, 60_000);

  it("finds the not-found page of an unknown path's language prefix, else the English one", () => {
    const languageOf = (path: string) => findNotFoundPage(path)?.language ?? 'en';
    expect(languageOf('/hi/nothing-here')).toBe('hi');
    expect(languageOf('/hi')).toBe('hi');
    expect(languageOf('/mr/a/b?c=d')).toBe('mr');
    expect(languageOf('/hindi/x')).toBe('en');
    expect(languageOf('/x/hi')).toBe('en');
    expect(languageOf('/en/x')).toBe('en');
    expect(getPageFile(findNotFoundPage('/mr/x')!)).toBe('mr/404.html');
  });

  it('lays out built files as a plain file server would, a route with parameters sharing one file', () => {
    const page = (route: PageDefinition['route']): PageDefinition => ({
      name: 'page',
      route,
      render: 'client',
      visibility: 'unlisted',
      component: '@/client/pages/page#Page',
      meta: { path: '/', title: 'Page', description: 'A page.' },
    });
    expect(getPageFile(page('/'))).toBe('index.html');
    expect(getPageFile(page('/partnership'))).toBe('partnership/index.html');
    expect(getPageFile(page('/request/:token'))).toBe('request/index.html');
    expect(getPageFile(page(NOT_FOUND))).toBe('404.html');
    expect(getRouteBase('/request/:token')).toBe('/request');
    expect(getRouteBase('/:slug')).toBe('/');
    expect(hasParameters('/request/:token')).toBe(true);
    expect(hasParameters('/partnership')).toBe(false);
  });

  it('matches a page request to a route in the dev server as the built server does', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/partnership', '/partnership')).toBe(true);
    expect(matchesRoute('/partnership', '/partnership/more')).toBe(false);
    expect(matchesRoute('/request/:token', '/request/abc123')).toBe(true);
    expect(matchesRoute('/request/:token', '/request/')).toBe(false);
    expect(matchesRoute('/request/:token', '/request')).toBe(false);
  });
});
