import { sql } from 'drizzle-orm';
import { addDaysToDate, countDaysBetween, getMonthRange, villaToday } from '../../domain/dates';
import { amenities as landingAmenities } from '../../content/landing';
import { site, villa } from '../../content/site';
import { DEFAULT_CURRENCY } from '../../domain/property';
import type { BookingSource, BookingStatus, PaymentStatus } from '../../domain/booking';
import { nightsOverlap } from '../../domain/nights';
import {
  makeMoney,
  multiplyMoney,
  scaleMinor,
  toColumnUnits,
  toMajor,
  toMinorUnits,
  type MinorUnits,
} from '../../domain/money';
import { isChannelCollected, PAYMENT_SETTINGS_DEFAULTS } from '../../domain/payment';
import type { Executor } from './client';
import { INDIAN_GST, priceStay, PricingRulesSchema, type PricingRules } from '../../domain/pricing';
import { declareActor } from './with-operator';
import { bookings, payments, pricingRules, properties, propertyCalendar } from './schema';

type SeedBooking = {
  guest: [name: string, email: string, phone: string | null];
  from: number; // days from today
  nights: number;
  guests: number;
  status: BookingStatus;
  source: BookingSource;
  payment: PaymentStatus;
  requests?: string;
  external?: string;
  bookedDaysAgo: number;
};

const SAMPLE_PROPERTIES = [
  {
    name: site.brandName,
    description:
      'A private luxury villa behind the historic fort: three bedrooms, a private lawn, an amphitheatre and space for gatherings of up to 250 guests.',
    address: site.address.street,
    city: site.address.city,
    country: site.address.country,
    property_type: 'villa' as const,
    bedrooms: villa.bedrooms,
    bathrooms: villa.bathrooms,
    max_guests: villa.overnightGuests,
    event_capacity: villa.guestCapacity,
    base_price: 25_000,
    currency: 'INR',
    state_code: '27',
    // The landing page's amenities, with the internet named as guests search a listing for it.
    amenities: [
      ...landingAmenities.filter(({ icon }) => icon !== 'wifi').map(({ title }) => title),
      'High-speed internet',
    ],
    airbnb_listing_id: null,
    booking_com_id: 'BKG-4417208',
    // Its scheduled messages speak of the fort, the temple gate and the monkeys; the other rentals' do not.
    message_wording: 'villa' as const,
  },
  {
    name: 'Marina Heights Apartment',
    description: 'Two-bedroom apartment on the 32nd floor with a view over Dubai Marina.',
    address: 'Marina Walk, Tower 4, Apt 3207',
    city: 'Dubai',
    country: 'United Arab Emirates',
    property_type: 'apartment' as const,
    bedrooms: 2,
    bathrooms: 2,
    max_guests: 4,
    base_price: 650,
    currency: DEFAULT_CURRENCY,
    state_code: null,
    amenities: ['Pool', 'Gym', 'Wi-Fi', 'Parking'],
    airbnb_listing_id: '53811927',
    booking_com_id: null,
  },
  {
    name: 'Candolim Garden House',
    description: 'A garden house a short walk from Candolim beach.',
    address: '14 Fort Aguada Road',
    city: 'Candolim, Goa',
    country: 'India',
    property_type: 'house' as const,
    bedrooms: 3,
    bathrooms: 2,
    max_guests: 6,
    base_price: 9_000,
    currency: 'INR',
    state_code: '30',
    amenities: ['Garden', 'Wi-Fi', 'Kitchen', 'Air conditioning'],
    airbnb_listing_id: '60233114',
    booking_com_id: 'BKG-5520931',
  },
  {
    name: 'Koregaon Park Condo',
    description: 'A quiet one-bedroom condo in leafy Koregaon Park.',
    address: 'Lane 6, Koregaon Park',
    city: 'Pune',
    country: 'India',
    property_type: 'condo' as const,
    bedrooms: 1,
    bathrooms: 1,
    max_guests: 2,
    base_price: 3_500,
    currency: 'INR',
    state_code: '27',
    amenities: ['Wi-Fi', 'Workspace', 'Lift'],
    airbnb_listing_id: null,
    booking_com_id: null,
  },
];

/**
 * How an Indian operator prices these rentals: Friday and Saturday nights higher, Christmas to New Year
 * and Diwali as seasons with a three-night minimum, a price that covers a number of guests, a cleaning
 * fee, and GST by the nightly price band. The Dubai apartment keeps the plain base price.
 */
function createSampleRules(index: number, today: string): PricingRules | undefined {
  const year = Number(today.slice(0, 4));
  if (index === 0)
    return PricingRulesSchema.parse({
      weekday_prices: [null, null, null, null, 32_000, 32_000, null],
      seasons: [
        {
          name: 'Christmas and New Year',
          start: `${year}-12-20`,
          end: `${year + 1}-01-03`,
          repeats_yearly: true,
          price: 38_000,
          min_nights: 3,
        },
        {
          name: 'Diwali',
          start: `${year + 1}-10-27`,
          end: `${year + 1}-11-01`,
          percent: 25,
          min_nights: 3,
          check_in_days: [2, 4],
        },
      ],
      guests_included: 12,
      extra_guest_fee: 500,
      cleaning_fee: 2_500,
      taxes: [INDIAN_GST],
    });
  if (index === 2)
    return PricingRulesSchema.parse({
      weekday_prices: [null, null, null, null, 11_000, 11_000, null],
      min_nights: 2,
      cleaning_fee: 1_200,
      taxes: [INDIAN_GST],
    });
  if (index === 3) return PricingRulesSchema.parse({ cleaning_fee: 500, taxes: [INDIAN_GST] });
  return undefined;
}

const VILLA_BOOKINGS: SeedBooking[] = [
  {
    guest: ['Ananya Deshpande', 'ananya.deshpande@example.com', '+91 98220 11842'],
    from: -45,
    nights: 3,
    guests: 8,
    status: 'completed',
    source: 'direct',
    payment: 'paid',
    bookedDaysAgo: 80,
  },
  {
    guest: ['Rohan Kulkarni', 'rohan.k@example.com', '+91 99700 45219'],
    from: -20,
    nights: 2,
    guests: 120,
    status: 'completed',
    source: 'direct',
    payment: 'paid',
    requests: 'Engagement ceremony on the lawn; need the amphitheatre screen on the second evening.',
    bookedDaysAgo: 60,
  },
  {
    guest: ['Sarah Mitchell', 'sarah.mitchell@example.com', '+44 7700 900412'],
    from: -9,
    nights: 4,
    guests: 4,
    status: 'cancelled',
    source: 'booking_com',
    payment: 'refunded',
    external: 'BDC-3310457821',
    bookedDaysAgo: 40,
  },
  {
    guest: ['Vikram & Priya Joshi', 'vjoshi@example.com', '+91 90110 77310'],
    from: -2,
    nights: 4,
    guests: 6,
    status: 'confirmed',
    source: 'airbnb',
    payment: 'paid',
    external: 'HMXK4R2QZ8',
    bookedDaysAgo: 30,
  },
  {
    guest: ['Fatima Al Mansoori', 'fatima.almansoori@example.com', '+971 50 123 4567'],
    from: 6,
    nights: 3,
    guests: 5,
    status: 'confirmed',
    source: 'booking_com',
    payment: 'partial',
    external: 'BDC-3318800654',
    requests: 'Vegetarian meals, please. Arriving late on the first night.',
    bookedDaysAgo: 21,
  },
  {
    guest: ['Meera Iyer', 'meera.iyer@example.com', null],
    from: 12,
    nights: 2,
    guests: 2,
    status: 'pending',
    source: 'direct',
    payment: 'unpaid',
    requests: 'Is early check-in possible?',
    bookedDaysAgo: 2,
  },
  {
    guest: ['Daniel Okafor', 'd.okafor@example.com', '+234 803 555 0199'],
    from: 24,
    nights: 10,
    guests: 4,
    status: 'confirmed',
    source: 'airbnb',
    payment: 'paid',
    external: 'HMP9TW3LDA',
    bookedDaysAgo: 12,
  },
  {
    guest: ['Kavya Patil', 'kavya.patil@example.com', '+91 98600 31457'],
    from: 40,
    nights: 3,
    guests: 180,
    status: 'pending',
    source: 'direct',
    payment: 'unpaid',
    requests: 'Wedding sangeet for about 180 guests; please share the event-space terms.',
    bookedDaysAgo: 1,
  },
  {
    guest: ['Thomas Berg', 'thomas.berg@example.com', '+49 151 2345 6789'],
    from: 55,
    nights: 5,
    guests: 3,
    status: 'confirmed',
    source: 'booking_com',
    payment: 'unpaid',
    external: 'BDC-3320198876',
    bookedDaysAgo: 5,
  },
];

function otherBookings(index: number): SeedBooking[] {
  const names: [string, string, string | null][] = [
    ['Aisha Rahman', 'aisha.rahman@example.com', '+971 55 987 1122'],
    ['James Carter', 'james.carter@example.com', null],
    ['Neha Sharma', 'neha.sharma@example.com', '+91 98111 22334'],
    ['Lucas Moreau', 'lucas.moreau@example.com', '+33 6 12 34 56 78'],
  ];
  const sources: BookingSource[] = ['airbnb', 'booking_com', 'direct', 'airbnb'];
  return names.map((guest, position) => ({
    guest,
    from: -15 + position * 11 + index * 2,
    nights: 3 + position,
    guests: 2,
    status: (['completed', 'confirmed', 'pending', 'confirmed'] as const)[position]!,
    source: sources[position]!,
    payment: (['paid', 'paid', 'unpaid', 'partial'] as const)[position]!,
    external: sources[position] === 'direct' ? undefined : `EXT-${index}${position}4471`,
    bookedDaysAgo: 30 - position * 5,
  }));
}

/**
 * Adds a confirmed stay across the end of this month (from its second-to-last day to the 3rd of next
 * month), so the calendar always shows one in both months; sample stays it would overlap are dropped.
 */
const CROSSING_GUESTS: SeedBooking['guest'][] = [
  ['Arjun Mehta', 'arjun.mehta@example.com', '+91 98450 66120'],
  ['Layla Haddad', 'layla.haddad@example.com', '+971 52 440 1187'],
  ['Rahul Nair', 'rahul.nair@example.com', null],
  ['Emma Schneider', 'emma.schneider@example.com', '+49 160 555 0142'],
];

function withCrossMonthStay(list: SeedBooking[], today: string, index: number): SeedBooking[] {
  const { last } = getMonthRange(today.slice(0, 7));
  const from = countDaysBetween(today, addDaysToDate(last, -1));
  const crossing: SeedBooking = {
    guest: CROSSING_GUESTS[index % CROSSING_GUESTS.length]!,
    from,
    nights: 5,
    guests: 3,
    status: 'confirmed',
    source: 'direct',
    payment: 'partial',
    requests: 'A family reunion over the month end',
    bookedDaysAgo: 18,
  };
  const nightsOf = (stay: SeedBooking) => ({ check_in: stay.from, check_out: stay.from + stay.nights });
  const overlaps = (stay: SeedBooking) =>
    stay.status !== 'cancelled' && nightsOverlap(nightsOf(stay), nightsOf(crossing));
  return [...list.filter((stay) => !overlaps(stay)), crossing];
}

/**
 * A sample stay's ledger, for the payment status it shows: paid in full, its deposit paid (partial), or
 * paid and refunded. Stays a channel collects have none. Received when booked; rupees by UPI.
 */
function sampleLedger(
  booking: SeedBooking,
  row: { id: string; total_amount: MinorUnits },
  context: { currency: string; today: string },
): (typeof payments.$inferInsert)[] {
  if (isChannelCollected(booking.source) || booking.payment === 'unpaid') return [];
  const entry = (kind: 'payment' | 'refund', amount: number, note: string) => ({
    booking_id: row.id,
    kind,
    amount: amount as MinorUnits,
    currency: context.currency,
    method: context.currency === 'INR' ? ('upi' as const) : ('bank_transfer' as const),
    received_on: addDaysToDate(context.today, -booking.bookedDaysAgo),
    note,
  });
  if (booking.payment === 'partial') {
    const deposit = scaleMinor(row.total_amount, PAYMENT_SETTINGS_DEFAULTS.deposit_percent, 100);
    return [entry('payment', deposit, 'Deposit')];
  }
  const paid = entry('payment', row.total_amount, 'Paid in full');
  return booking.payment === 'refunded' ? [paid, entry('refund', row.total_amount, 'Refunded')] : [paid];
}

/** Adds the retreat's villa and three other rentals with bookings around today, if there are no properties yet. */
export async function seedDemoData(
  db: Executor,
  input: { ownerId: string; today?: string },
): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(properties);
  if ((existing?.count ?? 0) > 0) return false;
  const today = input.today ?? villaToday();
  await db.transaction(async (tx) => {
    await declareActor(tx, 'system');
    for (const [index, sample] of SAMPLE_PROPERTIES.entries()) {
      // Created a minute apart so that "oldest first" keeps the villa first.
      const [property] = await tx
        .insert(properties)
        .values({
          ...sample,
          base_price: toMinorUnits(sample.base_price),
          owner_id: input.ownerId,
          created_at: sql`now() - make_interval(mins => ${60 - index})`,
        })
        .returning({ id: properties.id, base_price: properties.base_price, currency: properties.currency });
      if (!property) throw new Error('Seeding failed');
      const rules = createSampleRules(index, today);
      if (rules) await tx.insert(pricingRules).values({ property_id: property.id, rules });
      const list = withCrossMonthStay(index === 0 ? VILLA_BOOKINGS : otherBookings(index), today, index);
      const inserted = await tx
        .insert(bookings)
        .values(
          list.map((booking) => {
            const checkIn = addDaysToDate(today, booking.from);
            const checkOut = addDaysToDate(today, booking.from + booking.nights);
            // Direct stays carry the quote the rules give; channel stays came with the channel's price.
            const quote =
              rules && booking.source === 'direct'
                ? priceStay({
                    checkIn,
                    checkOut,
                    guests: booking.guests,
                    basePrice: toMajor(property.base_price),
                    currency: property.currency,
                    rules,
                  })
                : null;
            return {
              property_id: property.id,
              guest_name: booking.guest[0],
              guest_email: booking.guest[1],
              guest_phone: booking.guest[2],
              check_in: checkIn,
              check_out: checkOut,
              guests_count: booking.guests,
              total_amount: quote
                ? toMinorUnits(quote.total)
                : toColumnUnits(
                    multiplyMoney(makeMoney(property.base_price, property.currency), booking.nights),
                  ),
              quote,
              currency: property.currency,
              status: booking.status,
              booking_source: booking.source,
              payment_status: booking.payment,
              special_requests: booking.requests ?? null,
              external_booking_id: booking.external ?? null,
              is_sample: true,
              created_at: sql`now() - make_interval(days => ${booking.bookedDaysAgo})`,
            };
          }),
        )
        .returning({ id: bookings.id, total_amount: bookings.total_amount });
      const ledger = list.flatMap((booking, position) =>
        sampleLedger(booking, inserted[position]!, { currency: property.currency, today }),
      );
      // Each sample stay's payment status follows from its ledger, as every booking's does.
      if (ledger.length > 0) await tx.insert(payments).values(ledger);
      if (index === 0) {
        // A maintenance closure, and higher prices on a festival weekend.
        await tx.insert(propertyCalendar).values([
          { property_id: property.id, date: addDaysToDate(today, 16), is_available: false, price: null },
          { property_id: property.id, date: addDaysToDate(today, 17), is_available: false, price: null },
          {
            property_id: property.id,
            date: addDaysToDate(today, 36),
            is_available: true,
            price: toMinorUnits(30_000),
          },
          {
            property_id: property.id,
            date: addDaysToDate(today, 37),
            is_available: true,
            price: toMinorUnits(30_000),
          },
          // Overridden by the booking that covers it: bookings win over calendar rows.
          {
            property_id: property.id,
            date: addDaysToDate(today, 25),
            is_available: true,
            price: toMinorUnits(28_000),
          },
        ]);
      }
    }
  });
  return true;
}
