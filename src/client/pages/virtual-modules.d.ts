// The modules that `scripts/vite-plugin-pages.ts` generates from the page registry.
declare module 'virtual:page-modules' {
  import type { ComponentType } from 'react';
  import type { PageMeta } from '@/client/lib/seo';

  /** Each registry page's head tags and, for a prerendered page, its component; keyed by page name. */
  export const pageModules: Record<string, { component?: ComponentType; meta: PageMeta }>;
}
