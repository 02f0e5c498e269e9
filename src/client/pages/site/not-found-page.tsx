import { useEffect } from 'react';
import { images } from '@/content/images';
import { site } from '@/content/site';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Image } from '@/client/components/ui/image';
import { SitePageProvider } from '@/client/features/site/site-context';
import { SiteHeader } from '@/client/features/site/site-header';
import type { PageMeta } from '@/client/lib/seo';
import { clsx } from 'clsx';

export const notFoundMeta: PageMeta = {
  path: '/404',
  title: `Page not found | ${site.brandName}`,
  description: 'This page does not exist.',
};

export function NotFoundPage() {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
  }, []);
  return (
    <SitePageProvider landing={false}>
      <SiteHeader currentPath="" />
      <main className="relative isolate flex min-h-[100svh] flex-col items-center justify-center gap-6 overflow-hidden bg-[#1b2320] px-6 text-center text-white">
        <Image image={images['fort-view']} alt="" sizes="100vw" fill className="-z-10" />
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[#0d1411]/75" />
        <p className="font-display text-8xl text-[#f0d3a8] sm:text-9xl">404</p>
        <h1 className="font-display text-4xl font-medium sm:text-5xl">Oops! Page not found</h1>
        <p className="max-w-md text-white/80">
          The page you are looking for has wandered off. The villa, however, is right where we left it.
        </p>
        <a href="/" className={clsx(buttonVariants({ variant: 'ivory', shape: 'pill', size: 'lg' }), 'mt-2')}>
          Return to Home
        </a>
      </main>
    </SitePageProvider>
  );
}
