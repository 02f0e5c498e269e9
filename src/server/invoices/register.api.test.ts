import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import type { InvoiceDocument } from '../../domain/invoice-document';
import type { InvoiceSummary } from '../../domain/invoice';
import type { GstSummary } from '../../domain/invoice-register';
import { formatDecimal } from '../../domain/money';
import { DEFAULT_PRICING_RULES, INDIAN_GST, priceStay } from '../../domain/pricing';
import { insertTestBooking, insertTestProperty, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

type Issued = InvoiceSummary & { document: InvoiceDocument };

const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  trade_name: null,
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

const clock = { now: new Date('2026-11-22T06:00:00Z') };

/** RFC 4180 rows: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): Record<string, string>[] {
  const lines = text.split('\r\n').filter(Boolean);
  const split = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replace(/""/g, '"') : cell!));
  const [header, ...rows] = lines.map(split);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index] ?? ''])));
}

describe.each(listTestDatabaseKinds())('invoice register and GST by month [%s]', (kind) => {
  const current = useSignedInContext(kind, { now: () => clock.now });

  const send = (url: string, cookie: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) =>
    current.context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A fresh operator with a saved profile and a villa in Maharashtra. */
  async function openBusiness() {
    const operator = await current.context.createSignedInOperator();
    const saved = await send('/api/business-profile', operator.cookie, 'PUT', PROFILE);
    expect(saved.statusCode, saved.body).toBe(200);
    const villa = await insertTestProperty(current.context.database, operator.id, {
      name: 'Sunset Villa',
      currency: 'INR',
      state_code: '27',
    });
    let stays = 0;
    const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}, propertyId = villa.id) => {
      stays += 1;
      return insertTestBooking(current.context.database, propertyId, {
        currency: 'INR',
        total_amount: 10_000,
        status: 'confirmed',
        check_in: addDaysToDate('2027-06-01', stays * 3),
        check_out: addDaysToDate('2027-06-03', stays * 3),
        guest_name: 'Ananya Deshpande',
        ...values,
      });
    };
    const issue = async (bookingId: string, body: object = {}) => {
      const response = await send(`/api/bookings/${bookingId}/invoices`, operator.cookie, 'POST', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Issued>();
    };
    const credit = async (invoiceId: string, body: object) => {
      const response = await send(`/api/invoices/${invoiceId}/credit-notes`, operator.cookie, 'POST', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Issued>();
    };
    return { operator, villa, addStay, issue, credit };
  }

  /** Two bands (two nights at ₹6,000, 5 %; one at ₹9,000, 18 %), priced by the quote the guest accepted. */
  async function addTwoBandStay(addStay: Awaited<ReturnType<typeof openBusiness>>['addStay']) {
    const quote = priceStay({
      checkIn: '2027-02-01',
      checkOut: '2027-02-04',
      guests: 2,
      basePrice: 6000,
      currency: 'INR',
      rules: { ...DEFAULT_PRICING_RULES, taxes: [INDIAN_GST] },
      dayPrices: new Map([['2027-02-03', 9000]]),
    });
    return addStay({ check_in: '2027-02-01', check_out: '2027-02-04', total_amount: quote.total, quote });
  }

  it('writes a line per rate band of each document of the period, credit notes positive with the invoice they correct', async () => {
    const business = await openBusiness();
    const twoBands = await business.issue((await addTwoBandStay(business.addStay)).id);
    const named = await business.issue((await business.addStay({ guest_name: '=HYPERLINK("http://x")' })).id);
    const note = await business.credit(twoBands.id, { amount: 2100, reason: 'Refund of one dinner' });
    const dubai = await insertTestProperty(current.context.database, business.operator.id, {
      name: 'Marina Heights',
      country: 'United Arab Emirates',
      city: 'Dubai',
      currency: 'AED',
    });
    const receipt = await business.issue(
      (await business.addStay({ currency: 'AED', total_amount: 1300 }, dubai.id)).id,
    );
    clock.now = new Date('2026-12-01T06:00:00Z');
    try {
      await business.issue((await business.addStay()).id); // 1 December: outside the period
    } finally {
      clock.now = new Date('2026-11-22T06:00:00Z');
    }

    const response = await send(
      '/api/invoices/register.csv?from=2026-11-01&to=2026-12-01',
      business.operator.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="invoice-register-2026-11-01-to-2026-11-30.csv"',
    );
    const rows = parseCsv(response.body);
    expect(rows.map((row) => [row.document_type, row.number, row.rate])).toEqual([
      ['Tax invoice', twoBands.number, '5'],
      ['Tax invoice', twoBands.number, '18'],
      ['Tax invoice', named.number, '5'],
      ['Credit note', note.number, '5'],
      ['Credit note', note.number, '18'],
      ['Receipt', receipt.number, '0'],
    ]);
    expect(rows[0]).toEqual({
      document_type: 'Tax invoice',
      number: twoBands.number,
      date: '2026-11-22',
      original_invoice_number: '',
      original_invoice_date: '',
      reason: '',
      supplier_gstin: '27AAPFU0939F1ZV',
      recipient_name: 'Ananya Deshpande',
      recipient_gstin: '',
      place_of_supply: '27-Maharashtra',
      reverse_charge: 'N',
      rate: '5',
      taxable_value: '12000.00',
      cgst: '300.00',
      sgst: '300.00',
      igst: '0.00',
      total: '12600.00',
      document_value: '23220.00',
      currency: 'INR',
    });
    expect(rows[1]).toMatchObject({ taxable_value: '9000.00', cgst: '810.00', total: '10620.00' });
    // A guest's name a spreadsheet would run as a formula stays text.
    expect(rows[2]!.recipient_name).toBe(`'=HYPERLINK("http://x")`);
    // The credit note's lines are the note's own, positive, naming the invoice and why.
    for (const [index, line] of note.document.lines.entries()) {
      expect(rows[3 + index]).toMatchObject({
        date: '2026-11-22',
        original_invoice_number: twoBands.number,
        original_invoice_date: '2026-11-22',
        reason: 'Refund of one dinner',
        place_of_supply: '27-Maharashtra',
        taxable_value: formatDecimal(line.taxable_minor),
        cgst: formatDecimal(line.cgst_minor),
        sgst: formatDecimal(line.sgst_minor),
        total: formatDecimal(line.total_minor),
        document_value: '2100.00',
      });
    }
    expect(rows[5]).toMatchObject({
      supplier_gstin: '',
      place_of_supply: '',
      reverse_charge: '',
      taxable_value: '1300.00',
      total: '1300.00',
      currency: 'AED',
    });

    // Another operator's register has none of these.
    const other = await send('/api/invoices/register.csv?from=2026-11-01&to=2026-12-01', current.cookie);
    expect(parseCsv(other.body)).toEqual([]);
  });

  it('refuses a period without both dates, backwards, or of more than two years', async () => {
    const cases: [string, RegExp][] = [
      ['', /from is required/],
      ['?from=2026-04-01', /to is required/],
      ['?from=2026-04-01&to=2026-04-01', /"to" must be after "from"/],
      ['?from=2026-04-01&to=2028-04-03', /at most 731 days/],
      ['?from=2026-02-30&to=2026-04-01', /not a real date/],
      ['?from=2026-04-01&to=2027-04-01&property=nope', /property must be a property id/],
    ];
    for (const [query, message] of cases) {
      const response = await send(`/api/invoices/register.csv${query}`, current.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(message);
    }
    const twoYears = await send('/api/invoices/register.csv?from=2026-04-01&to=2028-04-01', current.cookie);
    expect(twoYears.statusCode).toBe(200);
    const unknown = await send(
      '/api/invoices/register.csv?from=2026-04-01&to=2027-04-01&property=00000000-0000-4000-8000-000000000000',
      current.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await current.context.app.inject({ url: '/api/invoices/register.csv' })).statusCode).toBe(401);
  });

  it('sums GST by month of issue, credit notes subtracted, receipts left out, every month of the period', async () => {
    const business = await openBusiness();
    const twoBands = await business.issue((await addTwoBandStay(business.addStay)).id);
    const plain = await business.issue((await business.addStay()).id);
    const note = await business.credit(twoBands.id, { amount: 2100, reason: 'Refund of one dinner' });
    const dubai = await insertTestProperty(current.context.database, business.operator.id, {
      country: 'United Arab Emirates',
      currency: 'AED',
    });
    await business.issue((await business.addStay({ currency: 'AED', total_amount: 1300 }, dubai.id)).id);
    clock.now = new Date('2027-01-10T06:00:00Z');
    let january: Issued;
    try {
      january = await business.issue((await business.addStay({ total_amount: 20_000 })).id);
    } finally {
      clock.now = new Date('2026-11-22T06:00:00Z');
    }

    const response = await send('/api/reports/gst?from=2026-11-01&to=2027-02-01', business.operator.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<GstSummary>();
    const minus = (a: number, b: number) => Math.round((a - b) * 100) / 100;
    const november = {
      month: '2026-11',
      taxable_value: minus(twoBands.taxable_value + plain.taxable_value, note.taxable_value),
      cgst: minus(twoBands.cgst + plain.cgst, note.cgst),
      sgst: minus(twoBands.sgst + plain.sgst, note.sgst),
      igst: 0,
      invoices: 2,
      credit_notes: 1,
    };
    const jan = {
      month: '2027-01',
      taxable_value: january!.taxable_value,
      cgst: january!.cgst,
      sgst: january!.sgst,
      igst: 0,
      invoices: 1,
      credit_notes: 0,
    };
    expect(summary).toEqual({
      from: '2026-11-01',
      to: '2027-02-01',
      property_id: null,
      currency: 'INR',
      months: [
        november,
        { month: '2026-12', taxable_value: 0, cgst: 0, sgst: 0, igst: 0, invoices: 0, credit_notes: 0 },
        jan,
      ],
      total: {
        taxable_value: Math.round((november.taxable_value + jan.taxable_value) * 100) / 100,
        cgst: Math.round((november.cgst + jan.cgst) * 100) / 100,
        sgst: Math.round((november.sgst + jan.sgst) * 100) / 100,
        igst: 0,
        invoices: 3,
        credit_notes: 1,
      },
    });
    // Taxable value plus tax, net of the note, is what the guests were invoiced less what was credited.
    expect(
      minus(november.taxable_value + november.cgst + november.sgst, twoBands.total + plain.total - 2100),
    ).toBe(0);

    const otherProperty = await send(
      `/api/reports/gst?from=2026-11-01&to=2027-02-01&property=${dubai.id}`,
      business.operator.cookie,
    );
    expect(otherProperty.json<GstSummary>().total).toMatchObject({ taxable_value: 0, invoices: 0 });
    const backwards = await send('/api/reports/gst?from=2027-02-01&to=2026-11-01', business.operator.cookie);
    expect(backwards.statusCode).toBe(400);
  });
});
