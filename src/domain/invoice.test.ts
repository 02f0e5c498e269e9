import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BusinessProfile } from './business-profile';
import type { InvoiceDocument } from './invoice-document';
import {
  buildCreditNoteDocument,
  buildInvoiceDocument,
  findCreditableLines,
  findFiscalYear,
  findInvoiceBands,
  findMaxSequence,
  formatInvoiceNumber,
  INVOICE_NUMBER_MAX_LENGTH,
  INVOICE_SERIES,
} from './invoice';
import { toMinor } from './money';
import { DEFAULT_PRICING_RULES, INDIAN_GST, priceStay } from './pricing';

describe('findFiscalYear', () => {
  it('ends the financial year on 31 March and starts the next on 1 April', () => {
    expect(findFiscalYear('2027-03-31')).toBe(2026);
    expect(findFiscalYear('2027-04-01')).toBe(2027);
    expect(findFiscalYear('2027-01-01')).toBe(2026);
    expect(findFiscalYear('2026-12-31')).toBe(2026);
  });
});

describe('formatInvoiceNumber', () => {
  it('numbers each series in its own way: "SV/2627/0001", "SV/2627C/0001", "SV/2627R/0001"', () => {
    expect(formatInvoiceNumber('SV', 'invoice', 2026, 1)).toBe('SV/2627/0001');
    expect(formatInvoiceNumber('SV', 'credit_note', 2026, 1)).toBe('SV/2627C/0001');
    expect(formatInvoiceNumber('SV', 'receipt', 2099, 12)).toBe('SV/9900R/0012');
  });

  it.each(INVOICE_SERIES)(
    'keeps a %s number within 16 characters with a 6-character prefix, from 1 to the highest sequence',
    (series) => {
      const max = findMaxSequence('ABCDEF', series, 2026);
      expect(max).toBeGreaterThanOrEqual(999);
      for (const sequence of [1, 9, 10, 99, 100, max]) {
        expect(formatInvoiceNumber('ABCDEF', series, 2026, sequence).length).toBeLessThanOrEqual(
          INVOICE_NUMBER_MAX_LENGTH,
        );
      }
      expect(() => formatInvoiceNumber('ABCDEF', series, 2026, max + 1)).toThrow(RangeError);
    },
  );

  it('pads short sequences to four digits where there is room, so numbers sort as they were issued', () => {
    expect(findMaxSequence('SV', 'invoice', 2026)).toBe(99_999_999);
    expect(formatInvoiceNumber('SV', 'invoice', 2026, 12_345)).toBe('SV/2627/12345');
    expect(formatInvoiceNumber('ABCDEF', 'credit_note', 2026, 7)).toBe('ABCDEF/2627C/007');
  });
});

// Two nights at ₹6,000 (5 %) and one at ₹9,000 (18 %).
const twoBandQuote = priceStay({
  checkIn: '2027-02-01',
  checkOut: '2027-02-04',
  guests: 2,
  basePrice: 6000,
  currency: 'INR',
  rules: { ...DEFAULT_PRICING_RULES, taxes: [INDIAN_GST] },
  dayPrices: new Map([['2027-02-03', 9000]]),
});

describe('findInvoiceBands', () => {
  it("takes the quote's GST at each rate, with the nights charged at it", () => {
    expect(
      findInvoiceBands({
        quote: twoBandQuote,
        totalMinor: toMinor(twoBandQuote.total),
        nights: 3,
        taxes: [INDIAN_GST],
      }),
    ).toEqual([
      { rateBp: 500, taxable: 12_000_00, tax: 600_00, nights: 2 },
      { rateBp: 1800, taxable: 9_000_00, tax: 1_620_00, nights: 1 },
    ]);
  });

  it('puts what the quote charged outside GST in a band at 0 %', () => {
    const quote = { ...twoBandQuote, total: twoBandQuote.total + 500 };
    expect(
      findInvoiceBands({ quote, totalMinor: toMinor(quote.total), nights: 3, taxes: [INDIAN_GST] }),
    ).toEqual([
      { rateBp: 0, taxable: 500_00, tax: 0, nights: 0 },
      { rateBp: 500, taxable: 12_000_00, tax: 600_00, nights: 2 },
      { rateBp: 1800, taxable: 9_000_00, tax: 1_620_00, nights: 1 },
    ]);
  });

  it("counts a total without its quote as tax included, at the rate of its average night's value", () => {
    // ₹5,000 a night is ₹4,761.90 before 5 %.
    expect(findInvoiceBands({ quote: null, totalMinor: 10_000_00, nights: 2, taxes: [] })).toEqual([
      { rateBp: 500, taxable: 9_523_81, tax: 476_19, nights: 2 },
    ]);
    // A total changed since the quote no longer follows it; ₹9,000 a night is above ₹7,500 before tax.
    expect(
      findInvoiceBands({ quote: twoBandQuote, totalMinor: 27_000_00, nights: 3, taxes: [INDIAN_GST] }),
    ).toEqual([{ rateBp: 1800, taxable: 22_881_36, tax: 4_118_64, nights: 3 }]);
    // ₹7,875 with tax is ₹7,500 before it: still the 5 % band.
    expect(findInvoiceBands({ quote: null, totalMinor: 7_875_00, nights: 1, taxes: [INDIAN_GST] })).toEqual([
      { rateBp: 500, taxable: 7_500_00, tax: 375_00, nights: 1 },
    ]);
  });
});

const PROFILE: BusinessProfile = {
  saved: true,
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  trade_name: null,
  address: 'Fort Road, Alibag',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

function makeInvoice(bands: Parameters<typeof buildInvoiceDocument>[0]['bands'], stateCode = '27') {
  return buildInvoiceDocument({
    kind: 'tax_invoice',
    number: 'SV/2627/0001',
    issuedOn: '2026-11-22',
    currency: 'INR',
    totalMinor: bands.reduce((sum, band) => sum + band.taxable + band.tax, 0),
    bands,
    profile: PROFILE,
    recipient: { name: null, address: null, state_code: null, gstin: null },
    booking: {
      id: '7b1c9f4e-2a41-4c55-9a55-3f1f2f8c1a01',
      guest_name: 'Ananya Deshpande',
      check_in: '2027-02-01',
      check_out: '2027-02-04',
      guests_count: 2,
      booking_source: 'direct',
    },
    property: {
      name: 'Sunset Villa',
      address: 'Road',
      city: 'Alibag',
      country: 'India',
      state_code: stateCode,
    },
    nights: 3,
  });
}

const AMOUNT_KEYS = ['taxable_minor', 'cgst_minor', 'sgst_minor', 'igst_minor', 'total_minor'] as const;

function creditNote(invoice: InvoiceDocument, notes: InvoiceDocument[], amountMinor: number | null) {
  return buildCreditNoteDocument({
    invoice,
    creditNotes: notes,
    amountMinor,
    number: `SV/2627C/${String(notes.length + 1).padStart(4, '0')}`,
    issuedOn: '2026-11-23',
    reason: 'Refund',
  });
}

describe('CGST and SGST at equal rates', () => {
  it('come out equal on a ₹10,000 stay at 5 %: ₹238.10 each on ₹9,523.80, the total unchanged', () => {
    const bands = findInvoiceBands({ quote: null, totalMinor: 10_000_00, nights: 2, taxes: [] });
    const [line] = makeInvoice(bands).lines;
    expect(line).toMatchObject({
      taxable_minor: 9_523_80,
      cgst_minor: 238_10,
      sgst_minor: 238_10,
      total_minor: 10_000_00,
    });
  });

  it('are equal on any invoice within a state, each its half rate of the value within a paisa, the total kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(500, 1200, 1800, 2800),
        fc.integer({ min: 1, max: 5_00_000_00 }),
        (rateBp, totalMinor) => {
          const [band] = findInvoiceBands({
            quote: null,
            totalMinor,
            nights: 1,
            taxes: [{ ...INDIAN_GST, bands: [{ up_to: null, rate: rateBp / 100 }] }],
          });
          const document = makeInvoice([band!]);
          const [line] = document.lines;
          expect(line!.cgst_minor).toBe(line!.sgst_minor);
          expect(line!.total_minor).toBe(totalMinor);
          expect(document.total_minor).toBe(totalMinor);
          expect(line!.taxable_minor + 2 * line!.cgst_minor).toBe(totalMinor);
          expect(Math.abs(line!.cgst_minor - (line!.taxable_minor * rateBp) / 20_000)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('buildCreditNoteDocument', () => {
  const invoice = makeInvoice(
    findInvoiceBands({
      quote: twoBandQuote,
      totalMinor: toMinor(twoBandQuote.total),
      nights: 3,
      taxes: [INDIAN_GST],
    }),
  );

  it('reverses every line of the invoice exactly when it credits all of it', () => {
    const note = creditNote(invoice, [], null);
    expect(note.kind).toBe('credit_note');
    expect(note.corrects).toEqual({ number: invoice.number, issued_on: invoice.issued_on, reason: 'Refund' });
    for (const [index, line] of note.lines.entries())
      for (const key of AMOUNT_KEYS) expect(line[key]).toBe(invoice.lines[index]![key]);
    expect(note.total_minor).toBe(invoice.total_minor);
    expect(
      findCreditableLines(invoice, [note]).every((line) => AMOUNT_KEYS.every((key) => line[key] === 0)),
    ).toBe(true);
  });

  it('shares a part over the lines by what each has left, each at its own rate, CGST equal to SGST', () => {
    const note = creditNote(invoice, [], 2_100_00);
    expect(note.total_minor).toBe(2_100_00);
    for (const line of note.lines) {
      expect(line.taxable_minor + line.cgst_minor + line.sgst_minor + line.igst_minor).toBe(line.total_minor);
      expect(line.cgst_minor).toBe(line.sgst_minor);
    }
  });

  it('keeps a nearly whole second note within the CGST and SGST left (a case the property below found)', () => {
    const taxable = 16_244_385;
    const invoice = makeInvoice([{ rateBp: 1800, taxable, tax: Math.round(taxable * 0.18), nights: null }]);
    const notes: InvoiceDocument[] = [];
    for (const fraction of [0.09448787883625392, 0.9999999423870043]) {
      const left = findCreditableLines(invoice, notes)[0]!.total_minor;
      notes.push(creditNote(invoice, notes, Math.floor(left * fraction)));
    }
    const [rest] = findCreditableLines(invoice, notes);
    for (const key of AMOUNT_KEYS) expect(rest![key], key).toBeGreaterThanOrEqual(0);
  });

  // Any invoice (one to three bands, within a state or across states) and any partial notes that fit,
  // then a note for the rest: no note takes back more of any amount than the invoice has left, and the
  // notes together reverse the invoice exactly.
  it('never takes back more than the invoice in any amount, and ends at exactly nothing left', () => {
    const band = fc.record({
      rateBp: fc.constantFrom(0, 500, 1200, 1800, 2800),
      taxable: fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 5_00_000_00 })),
    });
    fc.assert(
      fc.property(
        fc.array(band, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
        (bands, interState, fractions) => {
          const invoice = makeInvoice(
            bands.map((entry) => ({
              rateBp: entry.rateBp,
              taxable: entry.taxable,
              tax: Math.round((entry.taxable * entry.rateBp) / 10_000),
              nights: null,
            })),
            interState ? '29' : '27',
          );
          const notes: InvoiceDocument[] = [];
          for (const fraction of fractions) {
            const left = findCreditableLines(invoice, notes).reduce((sum, line) => sum + line.total_minor, 0);
            const amount = Math.floor(left * fraction);
            if (amount <= 0) continue;
            notes.push(creditNote(invoice, notes, amount));
            expect(notes.at(-1)!.total_minor).toBe(amount);
          }
          const left = findCreditableLines(invoice, notes).reduce((sum, line) => sum + line.total_minor, 0);
          if (left > 0) notes.push(creditNote(invoice, notes, null));
          for (const [index] of invoice.lines.entries()) {
            for (const key of AMOUNT_KEYS) {
              let credited = 0;
              for (const note of notes) {
                const value = note.lines[index]![key];
                expect(value).toBeGreaterThanOrEqual(0);
                if (!interState) expect(note.lines[index]!.cgst_minor).toBe(note.lines[index]!.sgst_minor);
                credited += value;
                expect(credited).toBeLessThanOrEqual(invoice.lines[index]![key]);
              }
              expect(credited).toBe(invoice.lines[index]![key]);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
