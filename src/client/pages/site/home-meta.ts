import { getImageSrcSet, images } from '@/content/images';
import { landingHi } from '@/content/hi/landing';
import { siteTextHi } from '@/content/hi/site-text';
import { landingEn, type LandingText } from '@/content/landing';
import { localizePath } from '@/content/languages';
import { landingMr } from '@/content/mr/landing';
import { siteTextMr } from '@/content/mr/site-text';
import { site, villa } from '@/content/site';
import { getSiteContact } from '@/content/site-contact';
import { siteTextEn, type SiteText } from '@/content/site-text';
import type { PageMeta } from '@/client/lib/seo';

/** The landing page's head tags (used by the prerender only, so the JSON-LD stays out of the bundle). */
function buildHomeMeta(texts: SiteText, landing: LandingText): PageMeta {
  const { hero, amenities } = landing;
  const heroImage = images[hero.image];
  return {
    path: localizePath('/', texts.language),
    title: `${site.brandName} | ${hero.tagline}`,
    description: texts.chrome.meta.homeDescription,
    image: `/assets/images/${heroImage.name}-1280.${heroImage.hash}.webp`,
    preloadImage: { srcSet: getImageSrcSet(heroImage, 'avif'), sizes: '100vw', type: 'image/avif' },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Resort',
      name: site.brandName,
      slogan: hero.tagline,
      inLanguage: texts.language,
      description: texts.footer.blurb,
      url: site.url,
      // Read when the head is rendered: the operator's contact details (the server renders again on a change).
      get telephone() {
        return getSiteContact().phone;
      },
      get email() {
        return getSiteContact().email;
      },
      image: new URL(`/assets/images/${heroImage.name}-1280.${heroImage.hash}.webp`, site.url).toString(),
      get address() {
        const contact = getSiteContact();
        return {
          '@type': 'PostalAddress',
          streetAddress: contact.street,
          addressLocality: contact.city,
          addressRegion: contact.region,
          postalCode: contact.postal_code,
          addressCountry: /^india$/i.test(contact.country) ? 'IN' : contact.country,
        };
      },
      numberOfRooms: villa.bedrooms,
      maximumAttendeeCapacity: villa.guestCapacity,
      amenityFeature: amenities.map((amenity) => ({
        '@type': 'LocationFeatureSpecification',
        name: amenity.title,
        value: true,
      })),
      get sameAs() {
        const url = getSiteContact().social_url;
        return url ? [url] : undefined;
      },
    },
  };
}

export const homeMeta = buildHomeMeta(siteTextEn, landingEn);
export const homeMetaHi = buildHomeMeta(siteTextHi, landingHi);
export const homeMetaMr = buildHomeMeta(siteTextMr, landingMr);
