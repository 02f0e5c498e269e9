import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryAadhaarSpelling, arbitraryOrdinaryAddress } from '../test/aadhaar-spellings';
import {
  createCheckInSchema,
  EMPTY_CHECK_IN_GUEST,
  findCheckInState,
  findFormCDeadline,
  findFormCState,
  type CheckInGuestInput,
} from './check-in';

const stay = { check_in: '2027-01-10', check_out: '2027-01-13', guests_count: 1 };
const indian: CheckInGuestInput = {
  ...EMPTY_CHECK_IN_GUEST,
  full_name: 'Ananya Deshpande',
  nationality: 'IN',
  address: '12 MG Road, Pune 411001',
  id_type: 'aadhaar',
  id_number: '1234',
  expected_arrival_time: '14:30',
};
const german: CheckInGuestInput = {
  ...EMPTY_CHECK_IN_GUEST,
  full_name: 'Lena Fischer',
  nationality: 'DE',
  address: 'Hauptstraße 5, 10115 Berlin',
  id_type: 'passport',
  id_number: 'c01x00t47',
  expected_arrival_time: '21:15',
  passport_place_of_issue: 'Berlin',
  passport_issued_on: '2020-03-01',
  passport_expires_on: '2030-02-28',
  visa_number: 'EV1234567',
  visa_type: 'e-Tourist',
  visa_expires_on: '2027-03-01',
  arrived_in_india_on: '2027-01-08',
  arriving_from: 'Frankfurt, Germany',
  purpose_of_visit: 'Tourism',
  next_destination: 'Goa',
};

function issuesOf(guest: CheckInGuestInput, on = stay) {
  const result = createCheckInSchema(on).safeParse({ guests: [guest] });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('online check-in', () => {
  it('takes an Indian guest with the last four digits of their Aadhaar, and no Form C', () => {
    const parsed = createCheckInSchema(stay).parse({ guests: [indian] });
    expect(parsed.guests[0]).toMatchObject({ id_type: 'aadhaar', id_number: '1234', form_c: null });
  });

  it('never takes a whole Aadhaar number', () => {
    expect(issuesOf({ ...indian, id_number: '1234 5678 9012' })).toEqual({
      'guests.0.id_number': 'Enter only the last four digits of your Aadhaar, not the whole number',
    });
    expect(issuesOf({ ...indian, id_number: '12345' })['guests.0.id_number']).toMatch(/last four digits/);
  });

  it('reports every missing field at once, each on its own field', () => {
    const issues = issuesOf({ ...EMPTY_CHECK_IN_GUEST, nationality: 'FR' });
    expect(Object.keys(issues).sort()).toEqual(
      [
        'full_name',
        'address',
        'id_type',
        'expected_arrival_time',
        'passport_place_of_issue',
        'passport_issued_on',
        'passport_expires_on',
        'visa_number',
        'visa_type',
        'visa_expires_on',
        'arrived_in_india_on',
        'arriving_from',
        'purpose_of_visit',
        'next_destination',
      ]
        .map((key) => `guests.0.${key}`)
        .sort(),
    );
  });

  it("keeps a foreign guest's Form C, numbers in capitals", () => {
    const parsed = createCheckInSchema(stay).parse({ guests: [german] });
    expect(parsed.guests[0]!.id_number).toBe('C01X00T47');
    expect(parsed.guests[0]!.form_c).toMatchObject({ visa_number: 'EV1234567', purpose_of_visit: 'Tourism' });
  });

  it('checks dates against the stay and a foreign national checks in with a passport', () => {
    expect(issuesOf({ ...german, passport_expires_on: '2027-01-12' })).toEqual({
      'guests.0.passport_expires_on': 'Your passport must be valid until your check-out',
    });
    expect(issuesOf({ ...german, arrived_in_india_on: '2027-01-11' })).toHaveProperty(
      'guests.0.arrived_in_india_on',
    );
    expect(issuesOf({ ...german, id_type: 'aadhaar' })).toEqual({
      'guests.0.id_type': 'A foreign national checks in with their passport',
    });
    expect(issuesOf({ ...german, passport_issued_on: '2031-01-01' })).toHaveProperty(
      'guests.0.passport_expires_on',
    );
  });

  it('asks no visa of a national of Nepal', () => {
    const parsed = createCheckInSchema(stay).parse({
      guests: [{ ...german, nationality: 'NP', visa_number: '', visa_type: '', visa_expires_on: '' }],
    });
    expect(parsed.guests[0]!.form_c).toMatchObject({ visa_number: null, visa_type: null });
  });

  it('takes one form per guest of the booking', () => {
    expect(issuesOf(indian, { ...stay, guests_count: 2 })).toEqual({
      guests: 'This booking is for 2 guests: check in each of them (1 given)',
    });
  });

  it('is open once the stay is confirmed, until its check-out', () => {
    expect(findCheckInState({ status: 'pending', check_out: '2027-01-13' }, false, '2027-01-01')).toBe(
      'not_open',
    );
    expect(findCheckInState({ status: 'confirmed', check_out: '2027-01-13' }, false, '2027-01-01')).toBe(
      'open',
    );
    expect(findCheckInState({ status: 'confirmed', check_out: '2027-01-13' }, false, '2027-01-14')).toBe(
      'closed',
    );
    expect(findCheckInState({ status: 'cancelled', check_out: '2027-01-13' }, false, '2027-01-01')).toBe(
      'closed',
    );
    expect(findCheckInState({ status: 'confirmed', check_out: '2027-01-13' }, true, '2027-01-01')).toBe(
      'done',
    );
  });
});

describe('a whole Aadhaar number in a check-in', () => {
  const WHOLE = /holds what looks like a whole Aadhaar number: leave it out$/;

  it('is refused in the address however it is spelt', () => {
    fc.assert(
      fc.property(arbitraryAadhaarSpelling, ({ text }) => {
        expect(issuesOf({ ...indian, address: text })['guests.0.address'], JSON.stringify(text)).toMatch(
          WHOLE,
        );
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    '2345_6789_0124',
    '2345–6789–0124',
    '2345/6789/0124',
    '2 3 4 5 6 7 8 9 0 1 2 4',
    '2345\u200B6789\u200B0124',
    '२३४५ ६७८९ ०१२४',
    '２３４５６７８９０１２４',
  ])('is refused as %s in a name, an address or a text of Form C', (spelling) => {
    expect(issuesOf({ ...indian, full_name: `Ananya ${spelling}` })['guests.0.full_name']).toMatch(WHOLE);
    expect(issuesOf({ ...indian, address: `${spelling}, 12 MG Road, Pune` })['guests.0.address']).toMatch(
      WHOLE,
    );
    expect(issuesOf({ ...german, arriving_from: `Frankfurt ${spelling}` })['guests.0.arriving_from']).toMatch(
      WHOLE,
    );
    // In the Aadhaar's own field: the whole number, however spelt, is not the last four digits.
    expect(issuesOf({ ...indian, id_number: spelling })['guests.0.id_number']).toBe(
      'Enter only the last four digits of your Aadhaar, not the whole number',
    );
  });

  it('takes an address with its PIN code and phone numbers', () => {
    fc.assert(
      fc.property(arbitraryOrdinaryAddress, (address) => {
        expect(issuesOf({ ...indian, address }), address).toEqual({});
      }),
      { numRuns: 300 },
    );
    expect(issuesOf({ ...indian, address: 'Flat 12, Pune 411001, ph 9820011223' })).toEqual({});
  });

  it('takes the last four digits of an Aadhaar in any script, kept in ASCII', () => {
    const parsed = createCheckInSchema(stay).parse({ guests: [{ ...indian, id_number: '७३०५' }] });
    expect(parsed.guests[0]!.id_number).toBe('7305');
  });
});

describe('Form C deadline', () => {
  it('is 24 hours after arrival at the villa, in India time', () => {
    const deadline = findFormCDeadline('2027-01-10', '21:15');
    expect(deadline.toISOString()).toBe('2027-01-11T15:45:00.000Z');
    expect(findFormCState(deadline, null, new Date('2027-01-11T15:44:00Z'))).toBe('due');
    expect(findFormCState(deadline, null, new Date('2027-01-11T15:46:00Z'))).toBe('overdue');
    expect(findFormCState(deadline, '2027-01-11T10:00:00Z', new Date('2027-01-12T00:00:00Z'))).toBe('filed');
  });
});
