import type { SiteText } from '../site-text';
import { landingHi } from './landing';
import { navigationHi } from './navigation';
import { partnershipHi } from './partnership';
import { siteChromeHi } from './site-chrome';

export const siteTextHi: SiteText = {
  language: 'hi',
  landing: landingHi,
  partnership: partnershipHi,
  navigation: navigationHi,
  chrome: siteChromeHi,
};
