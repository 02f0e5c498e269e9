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

const loadGallery = () => import('@/client/features/site/gallery-section');
const loadAbout = () => import('@/client/features/site/about-section');
const loadBooking = () => import('@/client/features/site/booking-section');
const loadContact = () => import('@/client/features/site/contact-section');

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
        <LazySection
          id="gallery"
          label={texts.navigation.gallery}
          load={loadGallery}
          loadingClassName="min-h-[80rem] lg:min-h-[60rem]"
          className="bg-card py-24 lg:py-32"
        />
        <LazySection
          id="about"
          label={texts.navigation.about}
          load={loadAbout}
          loadingClassName="min-h-[70rem] lg:min-h-[48rem]"
          className="bg-background py-24 lg:py-32"
        />
        <LazySection
          id="booking"
          label={texts.navigation.booking}
          load={loadBooking}
          loadingClassName="min-h-[32rem]"
          className="bg-background pb-24 lg:pb-32"
        />
        <LazySection
          id="contact"
          label={texts.navigation.contact}
          load={loadContact}
          loadingClassName="min-h-[60rem] lg:min-h-[40rem]"
          className="bg-card py-24 lg:py-32"
        />
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
