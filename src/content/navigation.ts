/** The landing page's sections, in page order, and the navigation bar's items. */
export const SECTION_IDS = ['home', 'highlights', 'gallery', 'about', 'booking', 'contact'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The navigation's labels by section (and the partnership page), in each language's own file. */
export type NavigationLabels = Record<SectionId | 'partnership', string>;

/** A section of the landing page, or another page by its path in English (localized where it is linked). */
export type NavItem = { key: SectionId; section: SectionId } | { key: 'partnership'; href: '/partnership' };

export const NAV_ITEMS: NavItem[] = [
  { key: 'home', section: 'home' },
  { key: 'highlights', section: 'highlights' },
  { key: 'gallery', section: 'gallery' },
  { key: 'partnership', href: '/partnership' },
  { key: 'about', section: 'about' },
  { key: 'booking', section: 'booking' },
  { key: 'contact', section: 'contact' },
];

export const FOOTER_LINKS: SectionId[] = ['home', 'highlights', 'gallery', 'about', 'booking', 'contact'];

export const navigationEn: NavigationLabels = {
  home: 'Home',
  highlights: 'Features',
  gallery: 'Gallery',
  partnership: 'Partnership',
  about: 'About',
  booking: 'Booking',
  contact: 'Contact',
};
