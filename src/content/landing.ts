import { site, villa } from './site';
import type { ImageName } from './images';
import { bookingFormEn, type BookingFormText } from './booking-form';

/** The landing page's texts. The hero's and sections' wording is the brand's own: keep it exact. */
export const hero = {
  tagline: site.tagline as string,
  headline: 'Escape the noise. Enter elegance.',
  copy: `Experience luxury and tranquility at ${site.brandName}, a private villa tucked behind a historic fort in Maharashtra, where modern comfort meets the serenity of nature.`,
  image: 'villa-dusk' as ImageName,
  imageAlt: 'The villa at dusk, its windows glowing, with the old fort walls on the hill behind',
  facts: [
    { value: String(villa.bedrooms), label: 'Bedrooms' },
    { value: String(villa.guestCapacity), label: 'Guest capacity' },
    { value: `${villa.distanceFromFortMetres}m`, label: 'From the fort' },
    { value: villa.rating, label: 'Experience' },
  ],
  primaryAction: 'Book Your Stay',
  secondaryAction: 'Learn More',
};

export type AmenityIcon =
  'trees' | 'sofa' | 'chef-hat' | 'sunrise' | 'users' | 'clapperboard' | 'car' | 'wifi';

/** The villa's eight amenities, title and description. */
export const amenities: { title: string; description: string; icon: AmenityIcon }[] = [
  {
    title: 'Private Lawn',
    description: 'A manicured private lawn for slow mornings, yoga and starlit evenings.',
    icon: 'trees',
  },
  {
    title: 'Indoor Lounge',
    description: 'A calm, light-filled lounge to gather, read and unwind.',
    icon: 'sofa',
  },
  {
    title: 'Kitchen Access',
    description: 'A fully equipped kitchen, ready for your own chef or a family feast.',
    icon: 'chef-hat',
  },
  {
    title: 'Scenic Views',
    description: 'Sunrise and sunset over the hills and the historic fort.',
    icon: 'sunrise',
  },
  {
    title: 'Event Space',
    description: `Gatherings of up to ${villa.guestCapacity} guests, from weddings to retreats.`,
    icon: 'users',
  },
  {
    title: 'Amphitheatre',
    description: 'A private outdoor screening under the open sky.',
    icon: 'clapperboard',
  },
  {
    title: 'Parking',
    description: `On-site parking for ${villa.parkingSpaces} cars, plus unlimited public parking nearby.`,
    icon: 'car',
  },
  {
    title: 'Modern Amenities',
    description: 'High-speed internet and every modern comfort throughout.',
    icon: 'wifi',
  },
];

export const features = {
  eyebrow: 'The villa',
  title: 'Villa Features',
  intro: 'Everything you need for a restful stay or an unforgettable celebration, in one private estate.',
  action: 'Reserve Your Stay',
};

export const gallery = {
  eyebrow: 'Gallery',
  title: 'A Glimpse of the Retreat',
  intro: 'Quiet rooms, open lawns and the old fort on the horizon.',
  items: [
    {
      image: 'villa-dusk',
      caption: 'The villa at dusk',
      alt: 'The villa at dusk with warm lit windows and palm trees',
    },
    {
      image: 'private-lawn',
      caption: 'The private lawn',
      alt: 'A wide green lawn with a stone path leading to the white villa',
    },
    {
      image: 'indoor-lounge',
      caption: 'The indoor lounge',
      alt: 'A lounge with a cream sofa, a floor lamp and a window onto the sunset',
    },
    {
      image: 'bedroom',
      caption: 'A bedroom suite',
      alt: 'A bedroom with a wooden headboard, crisp linen and a tall window',
    },
    {
      image: 'kitchen',
      caption: 'The fully equipped kitchen',
      alt: 'A kitchen with wooden cabinets, open shelves and green pendant lamps',
    },
    {
      image: 'fort-view',
      caption: 'The historic fort, 500 m away',
      alt: 'The crenellated walls and bastions of the fort in the morning sun',
    },
    {
      image: 'amphitheatre',
      caption: 'The amphitheatre by night',
      alt: 'Tiered outdoor seating facing a glowing screen under the stars',
    },
    {
      image: 'event-evening',
      caption: 'An evening celebration',
      alt: 'Long tables lit with candles on the lawn beneath string lights',
    },
  ] satisfies { image: ImageName; caption: string; alt: string }[],
};

export const about = {
  eyebrow: 'About the villa',
  title: 'A Private Sanctuary Beside History',
  paragraphs: [
    `${site.brandName} is a private villa set ${villa.distanceFromFortMetres} m from a historic fort in ${site.address.city}, Maharashtra. Old stone walls on one side, open sky and green lawns on the other: a place to slow down without going far.`,
    'Three bedrooms, a lounge that opens onto the garden, a fully equipped kitchen and an amphitheatre for private screenings make it a home for families and friends, while the lawn and event space welcome celebrations of every size.',
  ],
  image: 'sunrise-terrace' as ImageName,
  imageAlt: 'A terrace with a sofa and a palm tree facing the fort walls at sunrise',
  facts: [
    { value: String(villa.bedrooms), label: 'Bedrooms' },
    { value: String(villa.guestCapacity), label: 'Guests for events' },
    { value: String(villa.parkingSpaces), label: 'On-site parking spaces' },
    { value: `${villa.distanceFromFortMetres} m`, label: 'From the historic fort' },
  ],
};

export const booking = {
  eyebrow: 'Reservations',
  title: 'Book Your Stay',
  intro:
    'Choose your dates, tell us who is coming and anything we should prepare. We hold the nights and confirm personally by email.',
  alternative: 'Rather write or talk it through?',
  emailSubject: `Booking request: ${site.brandName}`,
  emailLabel: 'Email your request',
  phoneLabel: 'Call us',
  note: 'Every request is answered personally by the villa team.',
};

export const contact = {
  eyebrow: 'Contact',
  title: 'Get in Touch',
  intro: 'Questions about a stay, an event or a visit? We would be glad to hear from you.',
};

export const footer = {
  blurb: 'A luxury villa retreat behind a historic fort in Maharashtra, India.',
  managedBy: `Administered and managed by ${site.managingCompany.name}, a ${site.managingCompany.city}-based company, for business development.`,
  sisterBrand: `Sister brand: ${site.sisterBrand.name}, ${site.sisterBrand.description.toLowerCase()}.`,
};

/** The shape every language's landing texts take (src/content/<language>/landing.ts). */
export type LandingText = {
  hero: typeof hero;
  amenities: typeof amenities;
  features: typeof features;
  gallery: typeof gallery;
  about: typeof about;
  booking: typeof booking;
  /** The booking request form, in the booking section (loaded lazily with it). */
  bookingForm: BookingFormText;
  contact: typeof contact;
  footer: typeof footer;
};

export const landingEn: LandingText = {
  hero,
  amenities,
  features,
  gallery,
  about,
  booking,
  bookingForm: bookingFormEn,
  contact,
  footer,
};
