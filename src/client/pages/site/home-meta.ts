import { getImageSrcSet, images } from '@/content/images';
import { amenities, hero } from '@/content/landing';
import { site, villa } from '@/content/site';
import type { PageMeta } from '@/client/lib/seo';

/** The landing page's head tags (used by the prerender only, so the JSON-LD stays out of the bundle). */
const heroImage = images[hero.image];

export const homeMeta: PageMeta = {
  path: '/',
  title: `${site.brandName} | ${site.tagline}`,
  description: `A private luxury villa ${villa.distanceFromFortMetres} m from a historic fort in ${site.address.city}, Maharashtra: ${villa.bedrooms} bedrooms, lawns, an amphitheatre and event space for ${villa.guestCapacity} guests.`,
  image: `/assets/images/${heroImage.name}-1280.${heroImage.hash}.webp`,
  preloadImage: { srcSet: getImageSrcSet(heroImage, 'avif'), sizes: '100vw', type: 'image/avif' },
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'Resort',
    name: site.brandName,
    slogan: site.tagline,
    description: `A luxury villa retreat ${villa.distanceFromFortMetres} m from a historic fort in Maharashtra, India.`,
    url: site.url,
    telephone: site.phone,
    email: site.email,
    image: new URL(`/assets/images/${heroImage.name}-1280.${heroImage.hash}.webp`, site.url).toString(),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: 'IN',
    },
    numberOfRooms: villa.bedrooms,
    maximumAttendeeCapacity: villa.guestCapacity,
    amenityFeature: amenities.map((amenity) => ({
      '@type': 'LocationFeatureSpecification',
      name: amenity.title,
      value: true,
    })),
    sameAs: [site.socialUrl],
  },
};
