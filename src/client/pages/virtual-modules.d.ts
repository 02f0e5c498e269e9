// The modules that `scripts/vite-plugin-pages.ts` generates from the page registry.
declare module 'virtual:page-modules' {
  import type { ComponentType } from 'react';
  import type { PageMeta } from '@/client/lib/seo';
  import type { Language } from '@/content/languages';
  import type { ServerPageHead } from '@/client/pages/registry';

  /**
   * Each registry page's head tags and, for a page rendered at build time or by the server, its component
   * (and a server-rendered page's samples); keyed by page name.
   */
  export const pageModules: Record<
    string,
    {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's own data type
      component?: ComponentType<any>;
      meta: PageMeta;
      samples?: unknown[];
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's own data type
      head?: (data: any, requested?: Language) => ServerPageHead;
    }
  >;
}
