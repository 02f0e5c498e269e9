import { z } from 'zod';
import { hasControlCharacters, money, optionalText, requiredText, wholeNumber } from './fields';
import { isGstStateCode } from './gstin';
import { AmountSchema, wireAmount } from './wire-amount';

/** The spec's four, then the kinds India's rentals are listed as. */
export const PROPERTY_TYPES = [
  'villa',
  'apartment',
  'house',
  'condo',
  'cottage',
  'bungalow',
  'farmhouse',
  'homestay',
  'room',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  villa: 'Villa',
  apartment: 'Apartment',
  house: 'House',
  condo: 'Condo',
  cottage: 'Cottage',
  bungalow: 'Bungalow',
  farmhouse: 'Farmhouse',
  homestay: 'Homestay',
  room: 'Room',
};

/** Guests an event may bring (a wedding on the lawn), beside those who stay the night (max_guests). */
export const EVENT_CAPACITY_MAX = 10_000;

export const DEFAULT_CURRENCY = 'AED';

/** The currencies the property form offers first; the API takes any three-letter code. */
export const PROPERTY_CURRENCIES = ['INR', 'AED', 'USD', 'EUR', 'GBP'] as const;

/** Whether a property's country is India (its stays bear GST, its prices are in rupees). */
export function isInIndia(country: string): boolean {
  return /^\s*(india|bharat|in|ind)\s*$/i.test(country);
}

/** The currency a new property in a country is priced in: rupees in India, dirhams in the UAE and elsewhere. */
export function suggestCurrency(country: string): string {
  if (isInIndia(country)) return 'INR';
  return DEFAULT_CURRENCY;
}

/** What a new property starts with (its base price as typed: major units). */
export const NEW_PROPERTY_DEFAULTS = {
  property_type: 'villa',
  bedrooms: 1,
  bathrooms: 1,
  max_guests: 2,
  base_price: 100,
  currency: DEFAULT_CURRENCY,
} as const;

const MAX_LONG_TEXT = 5000;

/**
 * Splits the amenities text on commas, trims and drops blanks. Also accepts a list, so API clients can
 * send `["Pool", "Wi-Fi"]`.
 */
export function splitAmenities(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

const currency = z
  .string({ error: 'Currency must be a three-letter code such as AED' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as AED');

/**
 * A property's fields and their rules, without defaults. Key order matters: the first failing field's
 * message is the one shown, and name, address, city and country are checked in that order.
 */
const propertyFields = {
  name: requiredText('Property name'),
  address: requiredText('Address'),
  city: requiredText('City'),
  country: requiredText('Country'),
  description: optionalText('Description', { max: MAX_LONG_TEXT, multiline: true }),
  property_type: z.enum(PROPERTY_TYPES, {
    error: `Property type must be one of ${PROPERTY_TYPES.join(', ')}`,
  }),
  bedrooms: wholeNumber('Bedrooms', { min: 1, max: 100 }),
  bathrooms: wholeNumber('Bathrooms', { min: 1, max: 100 }),
  max_guests: wholeNumber('Max guests', { min: 1, max: 1000 }),
  event_capacity: wholeNumber('Event guests', { min: 1, max: EVENT_CAPACITY_MAX })
    .nullish()
    .transform((value) => value ?? null),
  base_price: wireAmount(money('Base price')),
  currency,
  amenities: z
    .union([z.string(), z.array(z.string())], { error: 'Amenities must be comma-separated text' })
    .nullish()
    .transform((value) => splitAmenities(value))
    .refine((list) => list.length <= 50, { message: 'At most 50 amenities' })
    .refine((list) => list.every((item) => item.length <= 100), {
      message: 'Each amenity must be at most 100 characters',
    })
    .refine((list) => list.every((item) => !hasControlCharacters(item)), {
      message: 'Amenities contain characters that are not allowed',
    }),
  airbnb_listing_id: optionalText('Airbnb listing id', { max: 100 }),
  booking_com_id: optionalText('Booking.com id', { max: 100 }),
  // Where an Indian property is, as GST names states: its invoices' place of supply.
  state_code: z
    .string({ error: 'State must be a GST state code such as 27 (Maharashtra)' })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isGstStateCode(value), {
      message: 'State must be a GST state code such as 27 (Maharashtra)',
    }),
};

/**
 * Creating a property: the form's resolver and the server route both parse it. A field left out takes
 * the default of a new property; a number the form sent blank is required.
 */
export const PropertyInputSchema = z.object({
  ...propertyFields,
  property_type: propertyFields.property_type.default(NEW_PROPERTY_DEFAULTS.property_type),
  bedrooms: propertyFields.bedrooms.default(NEW_PROPERTY_DEFAULTS.bedrooms),
  bathrooms: propertyFields.bathrooms.default(NEW_PROPERTY_DEFAULTS.bathrooms),
  max_guests: propertyFields.max_guests.default(NEW_PROPERTY_DEFAULTS.max_guests),
  // The default is what a client would send (major units): it is decoded like a sent price.
  base_price: propertyFields.base_price.prefault(NEW_PROPERTY_DEFAULTS.base_price),
  currency: currency.default(DEFAULT_CURRENCY),
});
export type PropertyInput = z.input<typeof PropertyInputSchema>;
export type NewProperty = z.output<typeof PropertyInputSchema>;

export const PropertySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  property_type: z.enum(PROPERTY_TYPES),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  max_guests: z.number().int().describe('Guests who stay the night: what a booking may bring'),
  event_capacity: z
    .number()
    .int()
    .nullable()
    .describe('Guests an event at the property may bring (its lawn, its hall), or null for no events'),
  base_price: AmountSchema,
  currency: z.string(),
  amenities: z.array(z.string()),
  airbnb_listing_id: z.string().nullable(),
  booking_com_id: z.string().nullable(),
  state_code: z
    .string()
    .nullable()
    .describe("GST state code of the property's state (27: Maharashtra), or null"),
  owner_id: z.uuid(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Property = z.infer<typeof PropertySchema>;

/**
 * Editing a property: every field optional (absent means unchanged, no defaults applied), the same rules
 * as creating one, and `is_active: false` to deactivate it (it leaves every list; its bookings stay).
 */
export const PropertyUpdateSchema = z
  .object({ ...propertyFields, is_active: z.boolean({ error: 'is_active must be true or false' }) })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Send at least one field to change',
  });
export type PropertyUpdateInput = z.input<typeof PropertyUpdateSchema>;
export type PropertyUpdate = z.output<typeof PropertyUpdateSchema>;
