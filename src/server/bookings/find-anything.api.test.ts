import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBookingReference } from '../../domain/booking';
import { readBookingSearch } from '../../domain/booking-search';
import { payments } from '../db/schema';
import {
  createSignedInContext,
  insertTestBooking,
  insertTestProperty,
  TEST_NOW,
  type TestContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { toMinorUnits } from '../../domain/money';

const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

/**
 * A guest writes "I paid for SV-D3268112", calls from +91 98200 11223, or the operator holds a UTR, an
 * Airbnb code or an invoice number: the bookings list finds the stay by each, on one property or all, and
 * never another operator's.
 */
describe.each(listTestDatabaseKinds())(
  'finding a stay by anything a guest or a channel gives [%s]',
  (kind) => {
    let context: TestContext;
    let cookie: string;
    let otherCookie: string;
    let propertyId: string;
    const stays = { caller: '', channel: '', paid: '', invoiced: '', theirs: '' };

    beforeAll(async () => {
      const signedIn = await createSignedInContext(
        kind,
        { now: () => TEST_NOW },
        { currency: 'INR', state_code: '27' },
      );
      ({ context, cookie, propertyId } = signedIn);
      const other = await context.createSignedInOperator();
      otherCookie = other.cookie;
      const theirProperty = await insertTestProperty(context.database, other.id, { name: 'Their Villa' });
      const add = (values: Parameters<typeof insertTestBooking>[2], property = propertyId) =>
        insertTestBooking(context.database, property, { currency: 'INR', status: 'confirmed', ...values });
      stays.caller = (
        await add({
          guest_name: 'Meera Joshi',
          guest_phone: '+91 98200 11223',
          check_in: '2027-01-02',
          check_out: '2027-01-04',
        })
      ).id;
      stays.channel = (
        await add({
          guest_name: 'Airbnb guest',
          booking_source: 'airbnb',
          external_booking_id: 'HMXY4K2B9Q',
          check_in: '2027-01-05',
          check_out: '2027-01-07',
        })
      ).id;
      const paid = await add({
        guest_name: 'Rohan Iyer',
        total_amount: 9000,
        check_in: '2027-01-08',
        check_out: '2027-01-10',
      });
      stays.paid = paid.id;
      await context.database.db.insert(payments).values({
        booking_id: paid.id,
        kind: 'payment',
        amount: toMinorUnits(3000),
        currency: 'INR',
        method: 'upi',
        received_on: '2026-11-20',
        reference: '612345678901',
        created_by: signedIn.operator.id,
      });
      stays.invoiced = (
        await add({
          guest_name: 'Kavya Rao',
          total_amount: 5000,
          check_in: '2027-01-11',
          check_out: '2027-01-13',
        })
      ).id;
      // Another operator's guest, with the same phone and code: never found by this operator.
      stays.theirs = (
        await add(
          {
            guest_name: 'Someone Else',
            guest_phone: '9820011223',
            external_booking_id: 'HMXY4K2B9Q',
            check_in: '2027-01-02',
            check_out: '2027-01-04',
          },
          theirProperty.id,
        )
      ).id;
    });
    afterAll(async () => {
      await context?.close();
    });

    const find = async (q: string, { property, as }: { property?: string; as?: string } = {}) => {
      const url = property
        ? `/api/properties/${property}/bookings?q=${encodeURIComponent(q)}`
        : `/api/bookings?q=${encodeURIComponent(q)}`;
      const response = await context.app.inject({ method: 'GET', url, headers: { cookie: as ?? cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { id: string }[]).map((booking) => booking.id);
    };

    it("finds a stay by its reference, alone, in any case, or inside the guest's sentence", async () => {
      const reference = formatBookingReference(stays.caller);
      expect(await find(reference)).toEqual([stays.caller]);
      expect(await find(reference.toLowerCase())).toEqual([stays.caller]);
      expect(await find(`I paid for ${reference} yesterday`)).toEqual([stays.caller]);
      expect(await find(reference.slice(3))).toEqual([stays.caller]);
      expect(await find(reference, { property: propertyId })).toEqual([stays.caller]);
    });

    it('finds a guest by their phone however it is written', async () => {
      for (const phone of [
        '+91 98200 11223',
        '9820011223',
        '098200-11223',
        '(982) 001-1223',
        '98200 11223',
      ]) {
        expect(await find(phone), phone).toEqual([stays.caller]);
      }
      expect(await find('9820011223', { property: propertyId })).toEqual([stays.caller]);
    });

    it("finds a channel's stay by its reservation code, and a payment's UTR", async () => {
      expect(await find('HMXY4K2B9Q')).toEqual([stays.channel]);
      expect(await find('hmxy4k2b9q')).toEqual([stays.channel]);
      expect(await find('612345678901')).toEqual([stays.paid]);
    });

    it('finds a stay by the number of its invoice', async () => {
      const saved = await context.app.inject({
        method: 'PUT',
        url: '/api/business-profile',
        headers: { cookie },
        payload: PROFILE,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const issued = await context.app.inject({
        method: 'POST',
        url: `/api/bookings/${stays.invoiced}/invoices`,
        headers: { cookie },
        payload: {},
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const { number } = issued.json<{ number: string }>();
      expect(await find(number)).toEqual([stays.invoiced]);
      expect(await find(number.toLowerCase())).toEqual([stays.invoiced]);
    });

    it("never finds another operator's stay, whatever matches", async () => {
      expect(await find('HMXY4K2B9Q', { as: otherCookie })).toEqual([stays.theirs]);
      expect(await find(formatBookingReference(stays.caller), { as: otherCookie })).toEqual([]);
      expect(await find('612345678901', { as: otherCookie })).toEqual([]);
      // A name still finds as before.
      expect(await find('meera')).toEqual([stays.caller]);
    });
  },
);

describe('reading what was typed into the bookings search', () => {
  it('takes a reference, a phone and a code only where the text has their shape', () => {
    expect(readBookingSearch('SV-D3268112')).toMatchObject({ idPrefix: 'd3268112', code: 'SV-D3268112' });
    expect(readBookingSearch('paid for sv-d3268112!')).toMatchObject({ idPrefix: 'd3268112', code: null });
    expect(readBookingSearch('Meera')).toMatchObject({ idPrefix: null, phoneDigits: null, code: 'MEERA' });
    expect(readBookingSearch('+91 98200 11223').phoneDigits).toBe('9820011223');
    expect(readBookingSearch('4110').phoneDigits).toBeNull();
    expect(readBookingSearch('50%_off').pattern).toBe('%50\\%\\_off%');
    // Eight hex digits inside a longer word are no reference.
    expect(readBookingSearch('XSVD3268112').idPrefix).toBeNull();
  });
});
