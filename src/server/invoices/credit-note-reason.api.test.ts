import { describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../domain/invoice';
import { insertTestBooking, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
};

// A credit note is a tax document: its reason is printed on it, in the guest's e-mail and in the GSTR-1
// register, so it takes the same text as every other field people type (line breaks, but no controls).
describe.each(listTestDatabaseKinds())("a credit note's reason [%s]", (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => new Date('2026-11-22T06:00:00Z') },
    { currency: 'INR', state_code: '27' },
  );
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: current.cookie },
      ...(payload ? { payload } : {}),
    });

  it('refuses control characters with a 400 naming the field, and issues nothing', async () => {
    expect((await send('PUT', '/api/business-profile', PROFILE)).statusCode).toBe(200);
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: '2027-06-01',
      check_out: '2027-06-03',
    });
    const issued = await send('POST', `/api/bookings/${stay.id}/invoices`, {});
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<InvoiceSummary>();

    for (const reason of ['Refund\u0007', 'Refund \u001b[31mdue', 'Refund\u0085now', 'Refund\bx']) {
      const refused = await send('POST', `/api/invoices/${invoice.id}/credit-notes`, { amount: 10, reason });
      expect(refused.statusCode, JSON.stringify(reason)).toBe(400);
      expect(refused.json().error).toMatchObject({
        field: 'reason',
        message: 'Reason contains characters that are not allowed',
      });
    }
    const notes = (await send('GET', `/api/invoices?booking_id=${stay.id}`)).json<InvoiceSummary[]>();
    expect(notes.map((note) => note.kind)).toEqual(['tax_invoice']);

    const kept = await send('POST', `/api/invoices/${invoice.id}/credit-notes`, {
      amount: 10,
      reason: '  Refund of the deposit\r\nagreed by phone  ',
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json<InvoiceSummary>().corrects?.reason).toBe('Refund of the deposit\r\nagreed by phone');
  });
});
