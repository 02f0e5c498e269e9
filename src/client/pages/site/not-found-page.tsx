import { useEffect } from 'react';
import { images } from '@/content/images';
import { site } from '@/content/site';
import { localizePath } from '@/content/languages';
import { siteTextEn, type SiteText } from '@/content/site-text';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { SiteImage } from '@/client/features/site/site-image';
import { SitePageProvider } from '@/client/features/site/site-context';
import { LanguageLinks } from '@/client/features/site/language-links';
import { SiteHeader } from '@/client/features/site/site-header';
import type { PageMeta } from '@/client/lib/seo';
import { clsx } from 'clsx';

export const describeNotFound = (texts: SiteText): PageMeta => ({
  path: localizePath('/404', texts.language),
  title: `${texts.chrome.notFound.title} | ${site.brandName}`,
  description: texts.chrome.notFound.description,
});

export const notFoundMeta = describeNotFound(siteTextEn);

export const NotFoundPage = () => <NotFoundView texts={siteTextEn} />;

/** The not-found page in a language, with links to the home page of each (its language switch). */
export function NotFoundView({ texts }: { texts: SiteText }) {
  const text = texts.chrome.notFound;
  useEffect(() => {
    // The visit is logged, as a warning: an error in the console is a defect of the page, which this is not.
    console.warn('404: a visitor asked for a page that does not exist:', window.location.pathname);
  }, []);
  return (
    <SitePageProvider texts={texts}>
      <SiteHeader currentPath="/" />
      <main className="relative isolate flex min-h-[100svh] flex-col items-center justify-center gap-6 overflow-hidden bg-[#1b2320] px-6 text-center text-white">
        <SiteImage image={images['fort-view']} alt="" sizes="100vw" fill className="-z-10" />
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[#0d1411]/75" />
        <p className="font-display text-8xl text-[#f0d3a8] sm:text-9xl">404</p>
        <h1 className="font-display text-4xl font-medium sm:text-5xl">{text.heading}</h1>
        <p className="max-w-md text-white/80">{text.text}</p>
        <a
          href={localizePath('/', texts.language)}
          className={clsx(buttonVariants({ variant: 'ivory', shape: 'pill', size: 'lg' }), 'mt-2')}
        >
          {text.home}
        </a>
        {/* The site's home in the other languages, in reach on a phone too (the header's are in its menu). */}
        <LanguageLinks
          currentPath="/"
          className="mt-2 text-sm"
          linkClassName="text-white/85 hover:text-white"
        />
      </main>
    </SitePageProvider>
  );
}
