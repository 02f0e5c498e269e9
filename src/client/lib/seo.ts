import { site } from '@/content/site';

export type PageMeta = {
  path: string;
  title: string;
  description: string;
  noindex?: boolean;
  image?: string;
  jsonLd?: Record<string, unknown>;
  /** The page in every language it has, for hreflang links (English is also the x-default). */
  alternates?: { language: string; path: string }[];
  /** The page's largest image (the LCP element), preloaded so it starts before the CSS and script. */
  preloadImage?: { srcSet: string; sizes: string; type: string };
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags of a page: title, description, canonical URL, Open Graph, and JSON-LD when given. */
export function renderHeadTags(meta: PageMeta): string {
  const url = new URL(meta.path, site.url).toString();
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.brandName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
  ];
  for (const alternate of meta.alternates ?? []) {
    const href = new URL(alternate.path, site.url).toString();
    tags.push(`<link rel="alternate" hreflang="${alternate.language}" href="${href}" />`);
    if (alternate.language === 'en')
      tags.push(`<link rel="alternate" hreflang="x-default" href="${href}" />`);
  }
  if (meta.preloadImage) {
    const { srcSet, sizes, type } = meta.preloadImage;
    tags.push(
      `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}" type="${escapeHtml(type)}" fetchpriority="high" />`,
    );
  }
  if (meta.image)
    tags.push(`<meta property="og:image" content="${new URL(meta.image, site.url).toString()}" />`);
  if (meta.jsonLd) {
    // JSON-LD is data, not script: a strict CSP does not run it. "<" is escaped so it cannot close the tag.
    tags.push(
      `<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`,
    );
  }
  return tags.join('\n    ');
}
