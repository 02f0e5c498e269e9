import { useEffect } from 'react';
import { SECTION_IDS } from '@/content/navigation';
import type { LandingText } from '@/content/landing';
import type { SiteText } from '@/content/site-text';
import { FeaturesSection } from '@/client/features/site/features-section';
import { HeroSection } from '@/client/features/site/hero-section';
import { LazySection } from '@/client/features/site/lazy-section';
import { scrollToSection } from '@/client/features/site/section-scroll';
import { SitePageProvider } from '@/client/features/site/site-context';
import { SiteFooter } from '@/client/features/site/site-footer';
import { SiteHeader } from '@/client/features/site/site-header';

/**
 * The sections below the features, in page order, each loaded as the visitor nears it and named by its
 * navigation label meanwhile; `loadingClassName` keeps the skeleton near the content's height.
 */
const LAZY_SECTIONS = [
  {
    id: 'gallery',
    load: () => import('@/client/features/site/gallery-section'),
    loadingClassName: 'min-h-[80rem] lg:min-h-[60rem]',
    className: 'bg-card py-24 lg:py-32',
  },
  {
    id: 'about',
    load: () => import('@/client/features/site/about-section'),
    loadingClassName: 'min-h-[70rem] lg:min-h-[48rem]',
    className: 'bg-background py-24 lg:py-32',
  },
  {
    id: 'booking',
    load: () => import('@/client/features/site/booking-section'),
    loadingClassName: 'min-h-[32rem]',
    className: 'bg-background pb-24 lg:pb-32',
  },
  {
    id: 'contact',
    load: () => import('@/client/features/site/contact-section'),
    loadingClassName: 'min-h-[60rem] lg:min-h-[40rem]',
    className: 'bg-card py-24 lg:py-32',
  },
] as const;

/** The landing page in the language of `texts`; each language's page module gives its own. */
export function LandingPage({ texts, landing }: { texts: SiteText; landing: LandingText }) {
  // Arriving with '/#section' (say, from the partnership page): load every section, then land exactly.
  useEffect(() => {
    // Any URL can arrive here: a malformed percent-encoding in the fragment must not break the page.
    const id = decodeFragment(window.location.hash.slice(1));
    if ((SECTION_IDS as readonly string[]).includes(id) && id !== 'home')
      void scrollToSection(id, { smooth: false, updateHash: false });
  }, []);
  return (
    <SitePageProvider landing={landing} texts={texts}>
      <SiteHeader currentPath="/" />
      <main>
        <HeroSection />
        <FeaturesSection />
        {LAZY_SECTIONS.map(({ id, ...section }) => (
          <LazySection key={id} id={id} label={texts.navigation[id]} {...section} />
        ))}
      </main>
      <SiteFooter currentPath="/" />
    </SitePageProvider>
  );
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
