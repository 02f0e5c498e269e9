import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { homeMeta } from './pages/site/home-meta';
import { HomePage } from './pages/site/home-page';
import { NotFoundPage, notFoundMeta } from './pages/site/not-found-page';
import { PartnershipPage, partnershipMeta } from './pages/site/partnership-page';
import { renderHeadTags, type PageMeta } from './lib/seo';
import { site } from '@/content/site';

/** The prerendered pages: which built HTML file each fills, its markup and its head tags. */
const PAGES: { file: string; meta: PageMeta; element: () => ReactNode }[] = [
  { file: 'index.html', meta: homeMeta, element: () => <HomePage /> },
  { file: 'partnership/index.html', meta: partnershipMeta, element: () => <PartnershipPage /> },
  { file: '404.html', meta: { ...notFoundMeta, noindex: true }, element: () => <NotFoundPage /> },
];

export function renderPages(): { file: string; html: string; head: string }[] {
  return PAGES.map((page) => ({
    file: page.file,
    html: renderToString(page.element()),
    head: renderHeadTags(page.meta),
  }));
}

/** The management area is not prerendered (it is private); it only gets its head tags. */
export const managementHead = renderHeadTags({
  path: '/villa-management',
  title: 'Villa Management',
  description: 'Private management area.',
  noindex: true,
});

const INDEXED_PATHS = [homeMeta.path, partnershipMeta.path];

export function renderRobotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /villa-management\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site.url)}\n`;
}

export function renderSitemapXml(): string {
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${new URL(path, site.url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
