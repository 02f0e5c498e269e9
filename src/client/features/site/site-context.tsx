import { createContext, useContext, useEffect, type MouseEvent, type ReactNode } from 'react';
import type { SectionId } from '@/content/navigation';
import { clsx } from 'clsx';
import { scrollToSection } from './section-scroll';

/** Which public page is showing: on the landing page section links scroll; elsewhere they go to '/#id'. */
const OnLandingPage = createContext(false);

export function SitePageProvider({ landing, children }: { landing: boolean; children: ReactNode }) {
  // Marks the page as interactive (hydrated), for browser tests and for styles that need script.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <OnLandingPage.Provider value={landing}>{children}</OnLandingPage.Provider>;
}

export function useOnLandingPage() {
  return useContext(OnLandingPage);
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
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (!landing || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void scrollToSection(section);
  };
  return (
    <a
      href={landing ? `#${section}` : `/#${section}`}
      className={clsx(className)}
      onClick={onClick}
      {...props}
    >
      {children}
    </a>
  );
}
