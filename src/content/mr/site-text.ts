import type { SiteText } from '../site-text';
import { landingMr } from './landing';
import { navigationMr } from './navigation';
import { partnershipMr } from './partnership';
import { siteChromeMr } from './site-chrome';

export const siteTextMr: SiteText = {
  language: 'mr',
  landing: landingMr,
  partnership: partnershipMr,
  navigation: navigationMr,
  chrome: siteChromeMr,
};
