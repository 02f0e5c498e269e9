import { landingEn } from '@/content/landing';
import { siteTextEn } from '@/content/site-text';
import { LandingPage } from './landing-page';

export function HomePage() {
  return <LandingPage texts={siteTextEn} landing={landingEn} />;
}
