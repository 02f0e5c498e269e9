import { createContext, useContext, useEffect, type MouseEvent, type ReactNode } from 'react';
import { localizePath } from '@/content/languages';
import type { LandingText } from '@/content/landing';
import type { SectionId } from '@/content/navigation';
import type { SiteText } from '@/content/site-text';
import { clsx } from 'clsx';
import { scrollToSection } from './section-scroll';

/** Which public page is showing: on the landing page section links scroll; elsewhere they go to '/#id'. */
const OnLandingPage = createContext(false);
/** What the page says, in its language: given by the page, so each page carries only its own words. */
const SiteTexts = createContext<SiteText | null>(null);
/** The landing page's own texts, for its sections (loaded lazily, in chunks of their own). */
const LandingTexts = createContext<LandingText | null>(null);

/** `landing`: the landing page's texts, on the landing page only (section links scroll there). */
export function SitePageProvider({
  landing,
  texts,
  children,
}: {
  landing?: LandingText;
  texts: SiteText;
  children: ReactNode;
}) {
  // Marks the page as interactive (hydrated), for browser tests and for styles that need script.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <SiteTexts.Provider value={texts}>
      <LandingTexts.Provider value={landing ?? null}>
        <OnLandingPage.Provider value={Boolean(landing)}>{children}</OnLandingPage.Provider>
      </LandingTexts.Provider>
    </SiteTexts.Provider>
  );
}

export function useOnLandingPage() {
  return useContext(OnLandingPage);
}

export function useLandingText(): LandingText {
  const texts = useContext(LandingTexts);
  if (!texts) throw new Error('useLandingText needs the landing page');
  return texts;
}

export function useSiteText(): SiteText {
  const texts = useContext(SiteTexts);
  if (!texts) throw new Error('useSiteText needs a SitePageProvider');
  return texts;
}

/** A link to a landing page section: smooth scroll on '/', a normal link to '/#section' from other pages. */
export function SectionLink({
  section,
  className,
  children,
  onNavigate,
  ...props
}: {
  section: SectionId;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
  'aria-current'?: 'location' | undefined;
  'aria-label'?: string;
}) {
  const landing = useOnLandingPage();
  const { language } = useSiteText();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (!landing || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void scrollToSection(section);
  };
  return (
    <a
      href={landing ? `#${section}` : `${localizePath('/', language)}#${section}`}
      className={clsx(className)}
      onClick={onClick}
      {...props}
    >
      {children}
    </a>
  );
}
