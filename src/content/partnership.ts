import { site, villa } from './site';
import type { ImageName } from './images';

export const partnership = {
  title: `${site.brandName} × Spice Cell: Building Peaceful Living for All`,
  eyebrow: 'Partnership',
  intro: [
    `Two brands, one belief: everyone deserves a calm place to live and to recharge. ${site.brandName} offers luxury wellness escapes behind a historic fort; ${site.sisterBrand.name} offers affordable, well-run co-living for students and working men in the city.`,
    'Together they cover the whole journey, from the everyday home that supports ambition to the retreat that restores it. We are looking for partners and investors who want to grow both models with us.',
  ],
  blocks: [
    {
      name: site.brandName,
      kicker: 'The retreat',
      description: `A private villa ${villa.distanceFromFortMetres} m from a historic fort, for rest, celebration and mindful stays.`,
      images: [
        { image: 'villa-dusk' as ImageName, alt: 'The villa at dusk with warm lit windows' },
        { image: 'private-lawn' as ImageName, alt: 'The villa’s private lawn in the morning' },
      ],
      bullets: [
        `${villa.bedrooms} bedrooms and event space for up to ${villa.guestCapacity} guests`,
        'Nature-focused wellness stays, lawns and an open-air amphitheatre',
        'Premium hospitality with a 5-star experience',
      ],
    },
    {
      name: site.sisterBrand.name,
      kicker: 'The sister residence',
      description: `${site.sisterBrand.description}: safe, clean and close to where they study and work.`,
      images: [
        { image: 'spice-cell-residence' as ImageName, alt: 'The Spice Cell residence building in the city' },
        { image: 'spice-cell-study' as ImageName, alt: 'A shared study room with two desks' },
      ],
      bullets: [
        'Affordable, furnished co-living with transparent monthly rent',
        'Study-friendly shared spaces and reliable high-speed internet',
        'A stable routine in the city, managed by a dedicated team',
      ],
    },
  ],
  comparison: {
    title: 'Two Models, One Mindset',
    intro: 'Different guests, different price points, the same care for peaceful living.',
    columns: [
      {
        name: site.brandName,
        rows: ['Luxury wellness escapes', 'Nature-focused healing', 'Rest and mindfulness', 'Premium stays'],
      },
      {
        name: site.sisterBrand.name,
        rows: ['Affordable co-living', 'Urban stability', 'Routine and ambition', 'Budget-smart rentals'],
      },
    ],
  },
  roadmap: {
    title: 'Where We Are Going',
    intro: 'A measured expansion, one region at a time.',
    regions: [
      { name: 'India', detail: 'Our home: the retreat in Maharashtra and the first Spice Cell residences.' },
      {
        name: 'UAE',
        detail: 'Business development led from Dubai, with the region’s travellers and investors.',
      },
      { name: 'Bali', detail: 'A wellness retreat in the island’s green interior.' },
      { name: 'Canada', detail: 'Co-living for students in university cities.' },
      { name: 'Europe', detail: 'Boutique retreats and residences in selected cities.' },
    ],
  },
  cta: {
    title: 'Let’s Build It Together',
    text: 'Whether you are an investor, a landowner or an operator, we would like to hear from you.',
    emailSubject: 'Partnership enquiry',
    emailLabel: 'Email the partnership team',
  },
};

/** The shape every language's partnership page takes (src/content/<language>/partnership.ts). */
export type PartnershipText = typeof partnership;
