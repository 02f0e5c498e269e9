import type { SiteText } from '../site-text';
import { footerMr, taglineMr } from './footer';
import { navigationMr } from './navigation';
import { siteChromeMr } from './site-chrome';

export const siteTextMr: SiteText = {
  language: 'mr',
  tagline: taglineMr,
  footer: footerMr,
  navigation: navigationMr,
  chrome: siteChromeMr,
};
