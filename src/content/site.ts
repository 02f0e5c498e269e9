import type { BusinessContact } from '../domain/business-contact';

/**
 * The business's facts, in one place: the owner edits this file, not components. Values the
 * specification withholds are obvious placeholders (example.com, +91 00000 00000). The phone, e-mail,
 * address and social account are only defaults: the operator sets them in the management area, and pages
 * read them through getSiteContact (site-contact.ts), never from here.
 */
export const site = {
  brandName: 'Shanti Villa Retreat',
  tagline: 'Where Peace Lives',
  url: 'https://shantivilla.example.com',
  phone: '+91 00000 00000',
  email: 'stay@shantivilla.example.com',
  address: {
    street: 'Fort Road, behind the historic fort',
    city: 'Ahmednagar',
    region: 'Maharashtra',
    country: 'India',
    postalCode: '414001',
  },
  /** The place names as Hindi and Marathi texts write them. */
  placeNames: {
    hi: {
      street: 'फ़ोर्ट रोड, ऐतिहासिक क़िले के पीछे',
      city: 'अहमदनगर',
      region: 'महाराष्ट्र',
      country: 'भारत',
      managingCity: 'दुबई',
    },
    mr: {
      street: 'फोर्ट रोड, ऐतिहासिक किल्ल्याच्या मागे',
      city: 'अहमदनगर',
      region: 'महाराष्ट्र',
      /** 'in Maharashtra', as Marathi inflects it. */
      inRegion: 'महाराष्ट्रातील',
      country: 'भारत',
      managingCity: 'दुबई',
    },
  },
  socialHandle: '@shantivillaretreat',
  socialUrl: 'https://instagram.com/shantivillaretreat',
  managingCompany: {
    name: 'Example Business Development LLC',
    city: 'Dubai',
    country: 'UAE',
  },
  sisterBrand: {
    name: 'Spice Cell',
    description: 'Budget co-living for students and working men',
    url: 'https://spicecell.example.com',
  },
  copyrightYear: 2024,
} as const;

/** The villa's facts, as the hero and the features state them. */
export const villa = {
  bedrooms: 3,
  bathrooms: 3,
  /** Guests for an event on the lawn and in the amphitheatre (the hero's "guest capacity"). */
  guestCapacity: 250,
  /** Guests who stay the night in its three bedrooms: what a booking may bring. */
  overnightGuests: 10,
  parkingSpaces: 3,
  distanceFromFortMetres: 500,
  rating: '5-star',
} as const;

/**
 * The business's contact details until the operator saves their own (Settings in the management area):
 * the site, the e-mails, the invoices and the structured data then give those.
 */
export const defaultContact: BusinessContact = {
  saved: false,
  phone: site.phone,
  email: site.email,
  street: site.address.street,
  city: site.address.city,
  region: site.address.region,
  postal_code: site.address.postalCode,
  country: site.address.country,
  social_handle: site.socialHandle,
  social_url: site.socialUrl,
};
