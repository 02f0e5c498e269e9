import { describe, expect, it } from 'vitest';
import type { StoredBooking } from '../../domain/booking';
import { formatBookingsCsv, formatCsvCell } from './bookings-csv';

const booking: StoredBooking = {
  id: '3f2a91c0-1234-4abc-8def-000000000000',
  property_id: '00000000-0000-4000-8000-000000000001',
  guest_name: '=HYPERLINK("http://evil.example","click")',
  guest_email: 'guest@example.com',
  guest_phone: '+91 98600 31457',
  check_in: '2026-12-30',
  check_out: '2027-01-02',
  guests_count: 2,
  total_amount: 3600.5,
  currency: 'INR',
  status: 'confirmed',
  booking_source: 'direct',
  payment_status: 'unpaid',
  special_requests: 'Late arrival,\nvegetarian',
  external_booking_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  amount_known: true,
  channel_connection_id: null,
  request_network: null,
  is_sample: false,
  operator_note: null,
  guest_language: 'en',
};

describe('the bookings CSV', () => {
  it('neutralises formulas so a spreadsheet shows them as text', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(formatCsvCell(text).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(formatCsvCell('Asha')).toBe('Asha');
  });

  it('neutralises a formula that starts after a semicolon, tab or line break, and quotes that cell', () => {
    // A spreadsheet that splits on ';' (or a paste that splits on tabs and lines) starts a cell there.
    const cases: [string, string][] = [
      ['Asha;=HYPERLINK("http://evil.example")', `"Asha;'=HYPERLINK(""http://evil.example"")"`],
      ['Asha;+1', `"Asha;'+1"`],
      ['Asha;-1', `"Asha;'-1"`],
      ['Asha;@SUM(A1)', `"Asha;'@SUM(A1)"`],
      ['Asha\t=1+1', `"Asha\t'=1+1"`],
      ['Late arrival\n=1+1', `"Late arrival\n'=1+1"`],
      ['Late arrival\r\n=1+1', `"Late arrival\r\n'=1+1"`],
      ['Late arrival\r=1+1', `"Late arrival\r'=1+1"`],
      ['a;\t=1', `"a;'\t'=1"`],
      ['=1;=2', `"'=1;'=2"`],
    ];
    for (const [value, cell] of cases) expect(formatCsvCell(value), JSON.stringify(value)).toBe(cell);
  });

  it('quotes a cell that holds a semicolon, tab or line break, even without a formula', () => {
    expect(formatCsvCell('Asha; Rao')).toBe('"Asha; Rao"');
    expect(formatCsvCell('Asha\tRao')).toBe('"Asha\tRao"');
    expect(formatCsvCell('Late\nvegetarian')).toBe('"Late\nvegetarian"');
    expect(formatCsvCell('Late\rvegetarian')).toBe('"Late\rvegetarian"');
    // A sign inside the text is not a cell's start: left alone.
    expect(formatCsvCell('Asha Rao-Mehta, +1 guest')).toBe('"Asha Rao-Mehta, +1 guest"');
  });

  it('quotes commas, quotes and line breaks, keeps numbers as numbers and nulls empty', () => {
    expect(formatCsvCell('a, "b"')).toBe('"a, ""b"""');
    expect(formatCsvCell(3600.5)).toBe('3600.5');
    expect(formatCsvCell(null)).toBe('');
  });

  it('writes a header row and one row per booking, with ISO dates and the nights', () => {
    const lines = [...formatBookingsCsv([booking])].join('').split(/(?<=\r\n)/);
    expect(lines[0]).toBe(
      'reference,guest_name,guest_email,guest_phone,check_in,check_out,nights,guests,status,source,payment,total_amount,currency,external_booking_id,special_requests,booked_at,operator_note\r\n',
    );
    expect(lines[1]).toBe(
      `SV-3F2A91C0,"'=HYPERLINK(""http://evil.example"",""click"")",guest@example.com,'+91 98600 31457,2026-12-30,2027-01-02,3,2,confirmed,direct,unpaid,3600.5,INR,,"Late arrival,\nvegetarian",2026-11-20T10:00:00.000Z,\r\n`,
    );
  });

  it('leaves the amount empty when a channel did not give it, rather than writing 0', () => {
    const [, line] = [
      ...formatBookingsCsv([{ ...booking, guest_name: 'Asha', amount_known: false, total_amount: 0 }]),
    ]
      .join('')
      .split('\r\n');
    expect(line!.split(',').slice(11, 13)).toEqual(['', 'INR']);
  });

  it('streams a long export in chunks of whole lines', () => {
    const chunks = [...formatBookingsCsv(Array.from({ length: 1200 }, () => booking))];
    expect(chunks.length).toBe(3);
    expect(chunks.every((chunk) => chunk.endsWith('\r\n'))).toBe(true);
    expect(chunks.join('').match(/\r\nSV-/g)).toHaveLength(1200);
  });
});
