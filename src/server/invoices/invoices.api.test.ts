import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import type { InvoiceDocument } from '../../domain/invoice-document';
import type { InvoiceSummary } from '../../domain/invoice';
import { toMinor } from '../../domain/money';
import { DEFAULT_PRICING_RULES, INDIAN_GST, priceStay } from '../../domain/pricing';
import { insertTestBooking, insertTestProperty, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

type Issued = InvoiceSummary & { document: InvoiceDocument };

const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  trade_name: 'Where Peace Lives',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

// A clock the tests move: the financial year turns on 1 April at the villa (UTC+05:30).
const clock = { now: new Date('2026-11-22T06:00:00Z') };

describe.each(listTestDatabaseKinds())('invoices [%s]', (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => clock.now },
    { currency: 'INR', state_code: '27', name: 'Sunset Villa' },
  );

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: cookie ?? current.cookie },
      ...(payload ? { payload } : {}),
    });
  const saveProfile = async (values: object = {}, cookie?: string) => {
    const response = await send('PUT', '/api/business-profile', { ...PROFILE, ...values }, cookie);
    expect(response.statusCode, response.body).toBe(200);
  };
  // Each stay on nights of its own (two nights each), so none overlaps another.
  let stays = 0;
  const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}, propertyId = current.propertyId) => {
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
  const issue = (bookingId: string, body: object = {}, cookie?: string) =>
    send('POST', `/api/bookings/${bookingId}/invoices`, body, cookie);
  const issued = async (bookingId: string, body: object = {}) => {
    const response = await issue(bookingId, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Issued>();
  };
  const credit = (invoiceId: string, body: object) =>
    send('POST', `/api/invoices/${invoiceId}/credit-notes`, body);

  it('asks for the business profile before the first invoice, and changes nothing', async () => {
    const fresh = await current.context.createSignedInOperator();
    const property = await insertTestProperty(current.context.database, fresh.id, {
      currency: 'INR',
      state_code: '27',
    });
    const stay = await addStay({}, property.id);
    const response = await issue(stay.id, {}, fresh.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/business profile/);
    const list = await send('GET', '/api/invoices', undefined, fresh.cookie);
    expect(list.json()).toEqual([]);
  });

  it('issues a tax invoice from the quote: a line per rate band, CGST and SGST, the place of supply, the total in words', async () => {
    await saveProfile();
    // Two nights at ₹6,000 (5 %) and one at ₹9,000 (18 %), as GST on accommodation is charged per night.
    const quote = priceStay({
      checkIn: '2027-02-01',
      checkOut: '2027-02-04',
      guests: 2,
      basePrice: 6000,
      currency: 'INR',
      rules: { ...DEFAULT_PRICING_RULES, taxes: [INDIAN_GST] },
      dayPrices: new Map([['2027-02-03', 9000]]),
    });
    const stay = await addStay({
      check_in: '2027-02-01',
      check_out: '2027-02-04',
      total_amount: quote.total,
      quote,
    });
    const invoice = await issued(stay.id, {});
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      title: 'Tax Invoice',
      issued_on: '2026-11-22',
      currency: 'INR',
      total: quote.total,
      recipient_name: 'Ananya Deshpande',
      place_of_supply: '27',
      left_to_credit: quote.total,
      corrects: null,
    });
    expect(invoice.number).toMatch(/^SV\/2627\/\d{4}$/);
    expect(invoice.number.length).toBeLessThanOrEqual(16);
    const document = invoice.document;
    expect(document.supplier).toMatchObject({
      name: PROFILE.legal_name,
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
      state_name: 'Maharashtra',
    });
    expect(document.place_of_supply).toEqual({ state_code: '27', state_name: 'Maharashtra' });
    expect(document.tax_split).toBe('intra_state');
    expect(document.reverse_charge).toBe(false);
    expect(document.signatory).toBe('Asha Kulkarni');
    expect(document.lines.map((line) => [line.sac, line.nights, line.rate_bp, line.taxable_minor])).toEqual([
      ['996311', 2, 500, 12_000_00],
      ['996311', 1, 1800, 9_000_00],
    ]);
    expect(document.cgst_minor + document.sgst_minor).toBe(
      quote.taxes.reduce((sum, tax) => sum + toMinor(tax.amount), 0),
    );
    expect(document.lines[0]).toMatchObject({ cgst_minor: 300_00, sgst_minor: 300_00, igst_minor: 0 });
    expect(document.lines[1]).toMatchObject({ cgst_minor: 810_00, sgst_minor: 810_00, igst_minor: 0 });
    expect(document.total_minor).toBe(toMinor(quote.total));
    // The ledger asks the guest for exactly what the invoice states.
    const ledger = await send('GET', `/api/bookings/${stay.id}/payments`);
    expect(ledger.json().summary.total).toBe(invoice.total);
    expect(document.total_in_words).toBe('Indian Rupees Twenty Three Thousand Two Hundred Twenty Only');
  });

  it('names a business guest with its GSTIN (B2B), and refuses a GSTIN with a typo, changing nothing', async () => {
    await saveProfile();
    const stay = await addStay();
    const typo = await issue(stay.id, {
      recipient: { name: 'Acme Travel Pvt Ltd', address: 'Andheri East, Mumbai', gstin: '27AAPFU0939F1ZW' },
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.message).toMatch(/check character/i);
    const noAddress = await issue(stay.id, { recipient: { name: 'Acme Travel', gstin: '27AAPFU0939F1ZV' } });
    expect(noAddress.statusCode).toBe(400);
    expect((await send('GET', `/api/invoices?booking_id=${stay.id}`)).json()).toEqual([]);

    const invoice = await issued(stay.id, {
      recipient: { name: 'Acme Travel Pvt Ltd', address: 'Andheri East, Mumbai', gstin: '27aapfu0939f1zv' },
    });
    expect(invoice.recipient_gstin).toBe('27AAPFU0939F1ZV');
    expect(invoice.document.recipient).toMatchObject({
      name: 'Acme Travel Pvt Ltd',
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
    });
  });

  it('takes a total without a quote as tax included, at the rate of its average night', async () => {
    await saveProfile();
    const stay = await addStay({ total_amount: 10_000 });
    const { document } = await issued(stay.id);
    // ₹5,000 a night is ₹4,761.90 before tax: within ₹7,500, so 5 %.
    expect(document.lines).toHaveLength(1);
    // CGST and SGST at equal rates are equal amounts: ₹238.10 each, on a value of ₹9,523.80.
    expect(document.lines[0]).toMatchObject({ rate_bp: 500, nights: 2, taxable_minor: 9_523_80 });
    expect(document).toMatchObject({ cgst_minor: 238_10, sgst_minor: 238_10, total_minor: 10_000_00 });
  });

  it('charges IGST when the business has no GSTIN in the state of the property', async () => {
    await saveProfile({ gstins: [{ state_code: '30', gstin: '30AAPFU0939F1Z8' }] });
    const stay = await addStay();
    const { document } = await issued(stay.id);
    expect(document.tax_split).toBe('inter_state');
    expect(document.supplier.gstin).toBe('30AAPFU0939F1Z8');
    expect(document.igst_minor).toBe(476_19);
    expect(document.cgst_minor + document.sgst_minor).toBe(0);
  });

  it('gives a bill of supply without tax when the business is not registered', async () => {
    await saveProfile({ registered: false, gstins: [], pan: null });
    const stay = await addStay();
    const invoice = await issued(stay.id);
    expect(invoice).toMatchObject({
      kind: 'bill_of_supply',
      title: 'Bill of Supply',
      cgst: 0,
      sgst: 0,
      igst: 0,
    });
    expect(invoice.document.lines[0]).toMatchObject({ taxable_minor: 10_000_00, rate_bp: 0, sac: '996311' });
    expect(invoice.document.supplier.gstin).toBeNull();
  });

  it('gives a stay outside India a receipt, numbered apart, without Indian tax fields', async () => {
    await saveProfile();
    const dubai = await insertTestProperty(current.context.database, current.operator.id, {
      name: 'Marina Heights',
      country: 'United Arab Emirates',
      city: 'Dubai',
      currency: 'AED',
    });
    const stay = await addStay({ currency: 'AED', total_amount: 1300 }, dubai.id);
    const invoice = await issued(stay.id);
    expect(invoice.kind).toBe('receipt');
    expect(invoice.number).toMatch(/^SV\/2627R\/\d{4}$/);
    expect(invoice.document).toMatchObject({
      place_of_supply: null,
      tax_split: 'none',
      supplier: { gstin: null, pan: null },
      total_in_words: 'UAE Dirhams One Thousand Three Hundred Only',
    });
    expect(invoice.document.lines[0]!.sac).toBeNull();
  });

  it('refuses pending, cancelled and sample stays, a second invoice, and a channel stay without its amount', async () => {
    await saveProfile();
    for (const status of ['pending', 'cancelled'] as const) {
      const response = await issue((await addStay({ status })).id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        message: expect.stringContaining(status),
        code: 'stay_not_invoiceable',
        booking_status: status,
      });
    }
    const sample = await issue((await addStay({ is_sample: true })).id);
    expect(sample.statusCode).toBe(409);
    expect(sample.json().error.code).toBe('sample_not_invoiced');

    const stay = await addStay();
    const first = await issued(stay.id);
    const again = await issue(stay.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: expect.stringContaining(first.number),
      code: 'invoice_already_issued',
      params: { invoice_id: first.id, invoice_number: first.number },
    });

    const airbnb = await addStay({ booking_source: 'airbnb', amount_known: false, total_amount: 0 });
    const missing = await issue(airbnb.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ field: 'amount', code: 'invoice_amount_required' });
    for (const amount of [1e300, -5, 0, 10.005, 'lots'])
      expect((await issue(airbnb.id, { amount })).statusCode, String(amount)).toBe(400);
    const paid = await issued(airbnb.id, { amount: 23_600 });
    expect(paid.total).toBe(23_600);
    // ₹11,800 a night is ₹10,000 before tax: above ₹7,500, so 18 %.
    expect(paid.document.lines[0]).toMatchObject({ rate_bp: 1800, taxable_minor: 20_000_00 });
  });

  it('makes one invoice of two asked for the same booking at the same moment', async () => {
    await saveProfile();
    const stay = await addStay();
    const responses = await Promise.all([issue(stay.id), issue(stay.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await send('GET', `/api/invoices?booking_id=${stay.id}`)).json()).toHaveLength(1);
  });

  it("asks for an unregistered guest's address from ₹50,000 of taxable value", async () => {
    await saveProfile();
    const stay = await addStay({ total_amount: 60_000, check_in: '2028-01-10', check_out: '2028-01-20' });
    const response = await issue(stay.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ field: 'recipient.address' });
    const invoice = await issued(stay.id, { recipient: { address: '12 MG Road, Pune', state_code: '27' } });
    expect(invoice.document.recipient).toMatchObject({
      address: '12 MG Road, Pune',
      state_name: 'Maharashtra',
    });
  });

  it('corrects with credit notes: a part, then the rest, never more than the invoice', async () => {
    await saveProfile();
    const stay = await addStay({ total_amount: 10_000 });
    const invoice = await issued(stay.id);
    const part = await credit(invoice.id, { amount: 2100, reason: 'Refund of one dinner' });
    expect(part.statusCode, part.body).toBe(201);
    const note = part.json<Issued>();
    expect(note).toMatchObject({
      kind: 'credit_note',
      title: 'Credit Note',
      total: 2100,
      corrects: { id: invoice.id, number: invoice.number, reason: 'Refund of one dinner' },
      left_to_credit: null,
    });
    expect(note.number).toMatch(/^SV\/2627C\/\d{4}$/);
    // Both are in the activity log, by the operator, without the document repeated.
    const events = await send('GET', `/api/audit-events?entity_type=invoice&entity_id=${note.id}`);
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().events[0]).toMatchObject({
      actor: 'operator',
      action: 'insert',
      after: expect.objectContaining({ number: note.number, kind: 'credit_note', total: 2100 }),
    });
    expect(events.json().events[0].after).not.toHaveProperty('document');
    expect(note.document.corrects).toEqual({
      number: invoice.number,
      issued_on: invoice.issued_on,
      reason: 'Refund of one dinner',
    });
    // ₹2,100 at 5 % is ₹2,000 of value and ₹100 of tax.
    expect(note.document.lines[0]).toMatchObject({
      taxable_minor: 2_000_00,
      cgst_minor: 50_00,
      sgst_minor: 50_00,
    });

    const tooMuch = await credit(invoice.id, { amount: 8000, reason: 'Cancelled' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatchObject({
      message: expect.stringContaining('₹7,900 left to credit'),
      field: 'amount',
      code: 'credit_note_above_invoice',
    });
    expect((await credit(invoice.id, { reason: '' })).statusCode).toBe(400);
    expect((await credit(invoice.id, { reason: 'x', amount: 1e300 })).statusCode).toBe(400);

    const rest = await credit(invoice.id, { reason: 'Stay cancelled' });
    expect(rest.statusCode, rest.body).toBe(201);
    const restDocument = rest.json<Issued>().document;
    // The notes together take back exactly what the invoice charged, line by line.
    expect(note.document.taxable_minor + restDocument.taxable_minor).toBe(invoice.document.taxable_minor);
    expect(note.document.cgst_minor + restDocument.cgst_minor).toBe(invoice.document.cgst_minor);
    expect(note.document.sgst_minor + restDocument.sgst_minor).toBe(invoice.document.sgst_minor);

    const list = await send('GET', `/api/invoices?booking_id=${stay.id}`);
    const original = list.json<InvoiceSummary[]>().find((entry) => entry.id === invoice.id);
    expect(original?.left_to_credit).toBe(0);
    expect((await credit(invoice.id, { reason: 'Again' })).statusCode).toBe(409);
    // Fully credited, the booking can be invoiced again (a corrected invoice).
    expect((await issue(stay.id)).statusCode).toBe(201);
  });

  it('never changes or removes an issued invoice, even for the tables owner', async () => {
    await saveProfile();
    const invoice = await issued((await addStay()).id);
    const { sql } = await import('drizzle-orm');
    await expect(
      current.context.database.db.execute(sql`update invoices set total = 1 where id = ${invoice.id}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/never changes/) } });
    await expect(
      current.context.database.db.execute(sql`delete from invoices where id = ${invoice.id}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/never changes/) } });
  });

  it("keeps each operator's invoices their own", async () => {
    await saveProfile();
    const invoice = await issued((await addStay()).id);
    const other = await current.context.createSignedInOperator();
    expect((await send('GET', '/api/invoices', undefined, other.cookie)).json()).toEqual([]);
    const theirs = await current.context.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/credit-notes`,
      headers: { cookie: other.cookie },
      payload: { reason: 'Not mine' },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('answers the PDF of its own invoice, named after its number, and no other operator', async () => {
    await saveProfile();
    const invoice = await issued((await addStay()).id);
    const pdf = await send('GET', `/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="${invoice.number.replaceAll('/', '-')}.pdf"`,
    );
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const other = await current.context.createSignedInOperator();
    const theirs = await send('GET', `/api/invoices/${invoice.id}/pdf`, undefined, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toMatchObject({ message: 'Invoice not found', code: 'invoice_not_found' });
    const unknown = await send('GET', '/api/invoices/00000000-0000-4000-8000-000000000000/pdf');
    expect(unknown.statusCode).toBe(404);
    const malformed = await send('GET', '/api/invoices/not-an-id/pdf');
    expect(malformed.statusCode).toBe(400);
    const signedOut = await current.context.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('numbers 20 invoices issued at once 1 to 20 with none skipped, and starts again on 1 April', async () => {
    const fresh = await current.context.createSignedInOperator();
    await saveProfile({ invoice_prefix: 'FY' }, fresh.cookie);
    const property = await insertTestProperty(current.context.database, fresh.id, {
      currency: 'INR',
      state_code: '27',
    });
    const stays = await Promise.all(Array.from({ length: 20 }, () => addStay({}, property.id)));
    clock.now = new Date('2027-03-31T18:29:00Z'); // 23:59 on 31 March at the villa
    try {
      const responses = await Promise.all(stays.map((stay) => issue(stay.id, {}, fresh.cookie)));
      expect(responses.map((response) => response.statusCode)).toEqual(stays.map(() => 201));
      const numbers = responses.map((response) => response.json<Issued>().number).sort();
      expect(numbers).toEqual(
        Array.from({ length: 20 }, (_, index) => `FY/2627/${String(index + 1).padStart(4, '0')}`),
      );
      expect(new Set(responses.map((response) => response.json<Issued>().issued_on))).toEqual(
        new Set(['2027-03-31']),
      );

      clock.now = new Date('2027-03-31T18:31:00Z'); // 00:01 on 1 April at the villa
      const next = await issue((await addStay({}, property.id)).id, {}, fresh.cookie);
      expect(next.json<Issued>()).toMatchObject({ number: 'FY/2728/0001', issued_on: '2027-04-01' });
    } finally {
      clock.now = new Date('2026-11-22T06:00:00Z');
    }
  });
});
