import type { Language } from './languages';
import { about, amenities, booking, contact, features, footer, gallery, hero, type LandingText } from './landing';
import { navigationEn, type NavigationLabels } from './navigation';
import { partnership, type PartnershipText } from './partnership';
import { siteChrome, type SiteChrome } from './site-chrome';

/**
 * Everything a public page says, in one language. Each language's page imports its own (`siteTextHi` from
 * `./hi/site-text`), so a page carries only its language's words.
 */
export type SiteText = {
  language: Language;
  landing: LandingText;
  partnership: PartnershipText;
  navigation: NavigationLabels;
  chrome: SiteChrome;
};

export const siteTextEn: SiteText = {
  language: 'en',
  landing: { hero, amenities, features, gallery, about, booking, contact, footer },
  partnership,
  navigation: navigationEn,
  chrome: siteChrome,
};
