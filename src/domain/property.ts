import { z } from 'zod';

export const PROPERTY_TYPES = ['villa', 'apartment', 'house', 'condo'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const DEFAULT_CURRENCY = 'AED';

/** Defaults of a new property (spec sections 3 and 9). */
export const NEW_PROPERTY_DEFAULTS = {
  property_type: 'villa',
  bedrooms: 1,
  bathrooms: 1,
  max_guests: 2,
  base_price: 100,
  currency: DEFAULT_CURRENCY,
} as const;

const MAX_TEXT = 200;
const MAX_LONG_TEXT = 5000;

/** A required text: blank (after trimming) fails with the spec's own message. */
function requiredText(message: string, max = MAX_TEXT) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required', '')} must be at most ${max} characters`);
}

function optionalText(label: string, max = MAX_TEXT) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * Numbers arrive from a form as text; the spec coerces them to numeric. A field left out (the API)
 * takes the default; a field the form sent blank is required (spec section 5).
 */
function readNumber(fallback: number) {
  return (value: unknown) => {
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value);
    return value;
  };
}

function numberField(label: string) {
  return z.number({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
  });
}

function countField(label: string, fallback: number, max: number) {
  return z.preprocess(
    readNumber(fallback),
    numberField(label)
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(max, `${label} must be at most ${max}`),
  );
}

/**
 * Splits the amenities text on commas, trims and drops blanks (spec section 5). Also accepts a list,
 * so API clients can send `["Pool", "Wi-Fi"]`.
 */
export function splitAmenities(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/**
 * The one schema for creating a property: the form's resolver and the server route both parse it.
 * Key order matters: the first failing field's message is the one shown, and the spec checks name,
 * address, city, country in that order.
 */
export const PropertyInputSchema = z.object({
  name: requiredText('Property name is required'),
  address: requiredText('Address is required'),
  city: requiredText('City is required'),
  country: requiredText('Country is required'),
  description: optionalText('Description', MAX_LONG_TEXT),
  property_type: z
    .enum(PROPERTY_TYPES, { error: `Property type must be one of ${PROPERTY_TYPES.join(', ')}` })
    .default(NEW_PROPERTY_DEFAULTS.property_type),
  bedrooms: countField('Bedrooms', NEW_PROPERTY_DEFAULTS.bedrooms, 100),
  bathrooms: countField('Bathrooms', NEW_PROPERTY_DEFAULTS.bathrooms, 100),
  max_guests: countField('Max guests', NEW_PROPERTY_DEFAULTS.max_guests, 1000),
  base_price: z.preprocess(
    readNumber(NEW_PROPERTY_DEFAULTS.base_price),
    numberField('Base price')
      .min(0, 'Base price must be at least 0')
      .max(10_000_000, 'Base price must be at most 10,000,000')
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
        message: 'Base price can have at most two decimals',
      }),
  ),
  currency: z
    .string({ error: 'Currency must be a three-letter code such as AED' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as AED')
    .default(DEFAULT_CURRENCY),
  amenities: z
    .union([z.string(), z.array(z.string())], { error: 'Amenities must be comma-separated text' })
    .nullish()
    .transform((value) => splitAmenities(value))
    .refine((list) => list.length <= 50, { message: 'At most 50 amenities' })
    .refine((list) => list.every((item) => item.length <= 100), {
      message: 'Each amenity must be at most 100 characters',
    }),
  airbnb_listing_id: optionalText('Airbnb listing id', 100),
  booking_com_id: optionalText('Booking.com id', 100),
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
  max_guests: z.number().int(),
  base_price: z.number(),
  currency: z.string(),
  amenities: z.array(z.string()),
  airbnb_listing_id: z.string().nullable(),
  booking_com_id: z.string().nullable(),
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
  .object({
    name: requiredText('Property name is required'),
    address: requiredText('Address is required'),
    city: requiredText('City is required'),
    country: requiredText('Country is required'),
    description: optionalText('Description', MAX_LONG_TEXT),
    property_type: z.enum(PROPERTY_TYPES, {
      error: `Property type must be one of ${PROPERTY_TYPES.join(', ')}`,
    }),
    bedrooms: countField('Bedrooms', NEW_PROPERTY_DEFAULTS.bedrooms, 100),
    bathrooms: countField('Bathrooms', NEW_PROPERTY_DEFAULTS.bathrooms, 100),
    max_guests: countField('Max guests', NEW_PROPERTY_DEFAULTS.max_guests, 1000),
    base_price: PropertyInputSchema.shape.base_price,
    currency: z
      .string({ error: 'Currency must be a three-letter code such as AED' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as AED'),
    amenities: PropertyInputSchema.shape.amenities,
    airbnb_listing_id: optionalText('Airbnb listing id', 100),
    booking_com_id: optionalText('Booking.com id', 100),
    is_active: z.boolean({ error: 'is_active must be true or false' }),
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Send at least one field to change',
  });
export type PropertyUpdate = z.output<typeof PropertyUpdateSchema>;
