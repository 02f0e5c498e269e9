import { landingMr } from '@/content/mr/landing';
import { siteTextMr } from '@/content/mr/site-text';
import { LandingPage } from './landing-page';

export function HomePageMr() {
  return <LandingPage texts={siteTextMr} landing={landingMr} />;
}
