import { landingHi } from '@/content/hi/landing';
import { siteTextHi } from '@/content/hi/site-text';
import { LandingPage } from './landing-page';

export function HomePageHi() {
  return <LandingPage texts={siteTextHi} landing={landingHi} />;
}
