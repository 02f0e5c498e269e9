import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { pageModules } from 'virtual:page-modules';
import type { Language } from '@/content/languages';
import {
  getPageFile,
  getRouteBase,
  hasParameters,
  listPageVersions,
  NOT_FOUND,
  PAGES,
  type ServerPageHead,
} from './pages/registry';
import { renderHeadTags } from './lib/seo';
import { defaultContact, site } from '@/content/site';
import { renderSiteContactScript, setSiteContact } from '@/content/site-contact';
import type { BusinessContact } from '@/domain/business-contact';

// The build writes each painted page's script as this loader.
export { renderPageLoader } from './pages/page-loader';
// The build cuts a font of the other languages' names for the English pages' language switch, and the
// Hindi and Marathi pages' faces of only what their texts (and Intl's dates in their locales) need.
export { INTL_LOCALES, LANGUAGE_NAMES } from '@/content/languages';

export type RenderedPage = {
  /** The built HTML file to fill. */
  file: string;
  render: 'prerender' | 'server' | 'client';
  /** `<html lang>`. */
  language: string;
  /**
   * The page's markup: for a server-rendered page, its samples one after another (the build reads its
   * critical CSS from them and leaves the markup to the server); empty for a client-rendered page.
   */
  html: string;
  head: string;
};

function getComponent(name: string) {
  const component = pageModules[name]?.component;
  if (!component) throw new Error(`${name} has no component`);
  return component;
}

/**
 * Every page of the registry: which built HTML file it fills, its markup and its head tags, with the
 * business's contact details (the defaults at build time; the server renders again with the operator's).
 * The contact stays set for the server-rendered pages rendered after it.
 */
export function renderPages(contact: BusinessContact = defaultContact): RenderedPage[] {
  setSiteContact(contact);
  const contactScript = renderSiteContactScript(contact);
  return PAGES.map((page) => {
    const { meta, samples } = pageModules[page.name]!;
    let html = '';
    if (page.render === 'prerender') html = renderToString(createElement(getComponent(page.name)));
    if (page.render === 'server') {
      if (!samples?.length) throw new Error(`${page.name} has no samples`);
      html = samples.map((data) => renderServerPage(page.name, data).html).join('');
    }
    const alternates = listPageVersions(page).map((version) => ({
      language: version.language,
      path: version.route,
    }));
    return {
      file: getPageFile(page),
      render: page.render,
      language: page.language ?? 'en',
      html,
      head:
        renderHeadTags(page.visibility === 'public' ? { ...meta, alternates } : { ...meta, noindex: true }) +
        `\n    ${contactScript}`,
    };
  });
}

/**
 * A server-rendered page for one request, from what the server loaded for it and the language its address
 * asks for (`?lang=`): its markup, and the language and title the server writes into the page (its
 * registry's `head`; else the page's own).
 */
export function renderServerPage(
  name: string,
  data: unknown,
  requested?: Language,
): ServerPageHead & { html: string } {
  const { head, meta } = pageModules[name]!;
  const page = PAGES.find((page) => page.name === name);
  const { language, title } = head?.(data, requested) ?? {
    language: page?.language ?? 'en',
    title: meta.title,
  };
  return { html: renderToString(createElement(getComponent(name), { data, language })), language, title };
}

export function renderRobotsTxt(): string {
  const disallowed = PAGES.filter((page) => page.visibility === 'private' && page.route !== NOT_FOUND)
    .map((page) => `Disallow: ${getRouteBase(page.route)}\n`)
    .join('');
  return `User-agent: *\nAllow: /\n${disallowed}Disallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site.url)}\n`;
}

/** The public pages with one URL each (a route with parameters has none to list). */
export function renderSitemapXml(): string {
  const urls = PAGES.filter(
    (page) => page.visibility === 'public' && page.route !== NOT_FOUND && !hasParameters(page.route),
  )
    .map((page) => {
      // Each version names all of them, itself included, so search engines pair them.
      const alternates = listPageVersions(page)
        .map(
          (version) =>
            `\n    <xhtml:link rel="alternate" hreflang="${version.language}" href="${new URL(version.route, site.url)}"/>`,
        )
        .join('');
      return `  <url><loc>${new URL(page.route, site.url)}</loc>${alternates}${alternates ? '\n  ' : ''}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}
