/** The landing page's sections, in page order, and the navigation bar's items. */
export const SECTION_IDS = ['home', 'highlights', 'gallery', 'about', 'booking', 'contact'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export type NavItem = { label: string; section: SectionId } | { label: string; href: string };

export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', section: 'home' },
  { label: 'Features', section: 'highlights' },
  { label: 'Gallery', section: 'gallery' },
  { label: 'Partnership', href: '/partnership' },
  { label: 'About', section: 'about' },
  { label: 'Booking', section: 'booking' },
  { label: 'Contact', section: 'contact' },
];

export const FOOTER_LINKS: { label: string; section: SectionId }[] = [
  { label: 'Home', section: 'home' },
  { label: 'Features', section: 'highlights' },
  { label: 'Gallery', section: 'gallery' },
  { label: 'About', section: 'about' },
  { label: 'Booking', section: 'booking' },
  { label: 'Contact', section: 'contact' },
];

/** The navigation's labels by section (and the partnership page), in each language's own file. */
export type NavigationLabels = Record<SectionId | 'partnership', string>;
