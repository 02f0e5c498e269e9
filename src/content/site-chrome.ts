import { site, villa } from './site';

/**
 * The public pages' own words around the content: the header, the footer, control names, the 404 page and
 * the head tags. `{name}`-style placeholders are filled where the text is used.
 */
export const siteChrome = {
  header: {
    brandSubtitle: 'Retreat',
    bookNow: 'Book Now',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Menu',
    mainNavigation: 'Main',
    languages: 'Language',
  },
  footer: {
    quickLinks: 'Quick links',
    more: 'More',
    partnership: 'Partnership',
    management: 'Villa Management',
    contact: 'Contact',
    phone: 'Phone',
    email: 'Email',
    website: 'Website',
    social: 'Social',
    rights: 'All rights reserved.',
  },
  contact: {
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    website: 'Website',
    social: 'Social',
    sisterBrand: 'Our sister brand',
    sisterBrandDescription: site.sisterBrand.description as string,
    sendEmail: 'Send us an email',
    visit: 'Visit {name}',
  },
  hero: { scrollToFeatures: 'Scroll to Villa Features' },
  features: {
    carousel: 'Villa features',
    previous: 'Previous feature',
    next: 'Next feature',
    position: '{index} of {count}',
  },
  gallery: {
    viewLarger: 'View larger: {caption}',
    position: 'Image {index} of {count}',
    previous: 'Previous image',
    next: 'Next image',
    close: 'Close',
  },
  imageFailed: 'Failed to load image',
  /** Said to screen readers while a section of the landing page loads. */
  loadingSection: 'Loading {label}…',
  /** The villa's address as the footer and the contact section write it. */
  postalAddress: `${site.address.street}, ${site.address.city} ${site.address.postalCode}, ${site.address.region}, ${site.address.country}`,
  partnership: { introduction: 'Introduction', comparison: 'Comparison', roadmap: 'Roadmap' },
  notFound: {
    title: 'Page not found',
    description: 'This page does not exist.',
    heading: 'Oops! Page not found',
    text: 'The page you are looking for has wandered off. The villa, however, is right where we left it.',
    home: 'Return to Home',
  },
  meta: {
    homeDescription: `A private luxury villa ${villa.distanceFromFortMetres} m from a historic fort in ${site.address.city}, Maharashtra: ${villa.bedrooms} bedrooms, lawns, an amphitheatre and event space for ${villa.guestCapacity} guests.`,
    partnershipDescription: `Partner with ${site.brandName} and ${site.sisterBrand.name}: luxury wellness escapes and affordable co-living, growing from India to the UAE, Bali, Canada and Europe.`,
  },
};

export type SiteChrome = typeof siteChrome;
