import { describe, expect, it } from 'vitest';
import { PropertyInputSchema, splitAmenities } from './property';

const valid = { name: 'Villa', address: '1 Road', city: 'Pune', country: 'India' };
const firstMessage = (input: unknown) => {
  const result = PropertyInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the property schema', () => {
  it('checks name, address, city and country in that order, with their messages', () => {
    expect(firstMessage({})).toBe('Property name is required');
    expect(firstMessage({ name: '   ', address: '', city: '', country: '' })).toBe(
      'Property name is required',
    );
    expect(firstMessage({ name: 'Villa' })).toBe('Address is required');
    expect(firstMessage({ name: 'Villa', address: 'Road' })).toBe('City is required');
    expect(firstMessage({ name: 'Villa', address: 'Road', city: 'Pune', country: ' ' })).toBe(
      'Country is required',
    );
  });

  it('fills the defaults of a new property', () => {
    expect(PropertyInputSchema.parse(valid)).toMatchObject({
      property_type: 'villa',
      bedrooms: 1,
      bathrooms: 1,
      max_guests: 2,
      // 100 as sent, held in minor units.
      base_price: 10_000,
      currency: 'AED',
      amenities: [],
      description: null,
      airbnb_listing_id: null,
      booking_com_id: null,
    });
  });

  it('trims text and takes numbers as numbers, the base price decoded to minor units', () => {
    expect(
      PropertyInputSchema.parse({
        ...valid,
        name: '  Villa  ',
        bedrooms: 3,
        max_guests: 8,
        base_price: 1200.5,
      }),
    ).toMatchObject({ name: 'Villa', bedrooms: 3, max_guests: 8, base_price: 120_050 });
  });

  it('refuses numbers sent as text or booleans instead of coercing them', () => {
    for (const bedrooms of ['3', ' 5 ', '0x10', '1e1', true, [2]]) {
      expect(firstMessage({ ...valid, bedrooms }), JSON.stringify(bedrooms)).toBe(
        'Bedrooms must be a number',
      );
    }
  });

  it('requires the numbers a form leaves blank (NaN), while an API call may leave them out', () => {
    expect(firstMessage({ ...valid, bedrooms: Number.NaN })).toBe('Bedrooms is required');
    expect(firstMessage({ ...valid, base_price: Number.NaN })).toBe('Base price is required');
    expect(PropertyInputSchema.parse({ ...valid, bedrooms: undefined }).bedrooms).toBe(1);
  });

  it('refuses counts below 1, negative prices and more than two decimals', () => {
    expect(firstMessage({ ...valid, bedrooms: 0 })).toBe('Bedrooms must be at least 1');
    expect(firstMessage({ ...valid, bathrooms: 0 })).toBe('Bathrooms must be at least 1');
    expect(firstMessage({ ...valid, max_guests: 1.5 })).toBe('Max guests must be a whole number');
    expect(firstMessage({ ...valid, base_price: -1 })).toBe('Base price must be at least 0');
    expect(firstMessage({ ...valid, base_price: 10.001 })).toBe('Base price can have at most two decimals');
  });

  it('refuses control characters in text', () => {
    expect(firstMessage({ ...valid, city: 'Pu\u0000ne' })).toBe(
      'City contains characters that are not allowed',
    );
    expect(firstMessage({ ...valid, amenities: 'Pool, Wi\u0000Fi' })).toBe(
      'Amenities contain characters that are not allowed',
    );
  });

  it('refuses an unknown property type', () => {
    expect(firstMessage({ ...valid, property_type: 'castle' })).toBe(
      'Property type must be one of villa, apartment, house, condo, cottage, bungalow, farmhouse, homestay, room',
    );
  });
});

describe('splitting amenities', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(splitAmenities(' Pool, Wi-Fi ,, , Parking,')).toEqual(['Pool', 'Wi-Fi', 'Parking']);
  });

  it('accepts a list', () => {
    expect(splitAmenities(['Pool', ' ', 'Gym '])).toEqual(['Pool', 'Gym']);
  });
});
