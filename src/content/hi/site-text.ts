import type { SiteText } from '../site-text';
import { footerHi, taglineHi } from './footer';
import { navigationHi } from './navigation';
import { siteChromeHi } from './site-chrome';

export const siteTextHi: SiteText = {
  language: 'hi',
  tagline: taglineHi,
  footer: footerHi,
  navigation: navigationHi,
  chrome: siteChromeHi,
};
