import type { Language } from './languages';
import { footer, type LandingText } from './landing';
import { navigationEn, type NavigationLabels } from './navigation';
import { site } from './site';
import { siteChrome, type SiteChrome } from './site-chrome';

/**
 * What every public page says in one language: its header, footer and controls. A page's own texts (the
 * landing page's, the partnership page's) come beside it, and each language's page module imports only
 * its own language (`siteTextHi` from `./hi/site-text`), so a page carries only the words it shows.
 */
export type SiteText = {
  language: Language;
  tagline: string;
  footer: LandingText['footer'];
  navigation: NavigationLabels;
  chrome: SiteChrome;
};

export const siteTextEn: SiteText = {
  language: 'en',
  tagline: site.tagline,
  footer,
  navigation: navigationEn,
  chrome: siteChrome,
};
