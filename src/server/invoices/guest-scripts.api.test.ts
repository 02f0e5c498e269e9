import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_CHECK_IN_GUEST } from '../../domain/check-in';
import { addDaysToDate } from '../../domain/dates';
import type { InvoiceSummary } from '../../domain/invoice';
import { bookings } from '../db/schema';
import { insertTestBooking, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { SAMPLE_GUESTS_BY_SCRIPT } from './test/sample-invoice-documents';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
/** The PDF's text as poppler reads it, without the embedding marks it puts around right-to-left text. */
const readPdfText = (pdf: Buffer) =>
  spawnSync('pdftotext', ['-', '-'], { input: pdf, maxBuffer: 16 * 1024 * 1024 })
    .stdout.toString('utf8')
    .replace(/[\u202a-\u202e]/g, '');

const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
};

// A guest's name or address in Arabic, Tamil, Chinese… printed as a row of boxes; a right-to-left override
// in a name printed as a box and turned the rest of the name around on screen.
describe.each(listTestDatabaseKinds())("a guest's script on their invoice [%s]", (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => new Date('2026-11-22T06:00:00Z') },
    { currency: 'INR', state_code: '27', max_guests: 8 },
  );
  const send = (method: 'POST' | 'PUT' | 'GET' | 'PATCH', url: string, payload?: object) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: current.cookie },
      ...(payload ? { payload } : {}),
    });
  let stays = 0;
  const addStay = (guest_name: string) => {
    stays += 1;
    return insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      guest_name,
      check_in: addDaysToDate('2027-01-01', stays * 3),
      check_out: addDaysToDate('2027-01-03', stays * 3),
    });
  };
  const listNumbers = async () =>
    (await send('GET', '/api/invoices')).json<InvoiceSummary[]>().map((invoice) => invoice.number);

  it.skipIf(!hasPdftotext)(
    'issues an invoice to a guest in each script that reads back as typed',
    async () => {
      expect((await send('PUT', '/api/business-profile', PROFILE)).statusCode).toBe(200);
      for (const guest of SAMPLE_GUESTS_BY_SCRIPT) {
        const stay = await addStay(guest.name);
        const issued = await send('POST', `/api/bookings/${stay.id}/invoices`, {
          recipient: { address: guest.address },
        });
        expect(issued.statusCode, `${guest.script}: ${issued.body}`).toBe(201);
        const pdf = await send('GET', `/api/invoices/${issued.json<InvoiceSummary>().id}/pdf`);
        const text = readPdfText(pdf.rawPayload);
        expect(text, guest.script).toContain(guest.name);
        if (!guest.rightToLeft) expect(text, guest.script).toContain(guest.address);
      }
    },
    60_000,
  );

  it('refuses at issue a character no invoice font draws, naming it and where it is, and issues nothing', async () => {
    expect((await send('PUT', '/api/business-profile', PROFILE)).statusCode).toBe(200);
    const stay = await addStay('김민준');
    const before = await listNumbers();
    const refusals = [
      [
        {},
        'recipient.name',
        "The guest's name contains a character that cannot be printed on an invoice: 김 (U+AE40)",
      ],
      [
        { recipient: { name: 'Asha \ue000 Rao' } },
        'recipient.name',
        "The recipient's name contains a character that cannot be printed on an invoice: U+E000",
      ],
      [
        { recipient: { name: 'Kim Min-jun', address: 'Flat 2, 서울' } },
        'recipient.address',
        "The recipient's address contains a character that cannot be printed on an invoice: 서 (U+C11C)",
      ],
    ] as const;
    for (const [payload, field, message] of refusals) {
      const refused = await send('POST', `/api/bookings/${stay.id}/invoices`, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toMatchObject({ field, message, code: 'text_not_printable' });
    }
    expect(await listNumbers()).toEqual(before);

    // Given a name to print, the same stay is invoiced with the next number: the refusals took none.
    const issued = await send('POST', `/api/bookings/${stay.id}/invoices`, {
      recipient: { name: 'Kim Min-jun' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<InvoiceSummary>();
    expect(await listNumbers()).toEqual([invoice.number, ...before]);

    const note = await send('POST', `/api/invoices/${invoice.id}/credit-notes`, {
      amount: 10,
      reason: '환불',
    });
    expect(note.statusCode, note.body).toBe(400);
    expect(note.json().error).toMatchObject({
      field: 'reason',
      message: 'The reason contains a character that cannot be printed on an invoice: 환 (U+D658)',
      code: 'text_not_printable',
      params: { field: 'reason', character: '환' },
    });
    expect(await listNumbers()).toEqual([invoice.number, ...before]);
  });

  it('refuses a character that steers the direction of text in a name, wherever a name is given', async () => {
    const override = 'Asha \u202eoaR';
    const message = (label: string, code = 'U+202E (RIGHT-TO-LEFT OVERRIDE)') =>
      `${label} contains a character that is not allowed: ${code}`;
    const request = {
      check_in: '2027-05-01',
      check_out: '2027-05-03',
      guests_count: 2,
      guest_email: 'asha@example.com',
    };

    const before = await listNumbers();
    const requestStay = (guest_name: string) =>
      current.context.app.inject({
        method: 'POST',
        url: '/api/booking-requests',
        payload: { ...request, guest_name },
      });
    const requested = await requestStay(override);
    expect(requested.statusCode, requested.body).toBe(400);
    expect(requested.json().error.message).toBe(message('Full name'));

    // The guest's own check-in, on the stay they asked for and the operator confirmed.
    const asked = await requestStay('Asha Rao');
    expect(asked.statusCode, asked.body).toBe(201);
    const token = (asked.json().request_path as string).split('/request/')[1]!;
    expect(
      (await current.context.app.inject({ method: 'GET', url: `/api/requests/${token}` })).statusCode,
    ).toBe(200);
    const [askedRow] = await current.context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, request.guest_email));
    expect(
      (await send('PATCH', `/api/bookings/${askedRow!.id}/status`, { status: 'confirmed' })).statusCode,
    ).toBe(200);
    const checkIn = await current.context.app.inject({
      method: 'POST',
      url: `/api/requests/${token}/check-in`,
      payload: {
        guests: [
          {
            ...EMPTY_CHECK_IN_GUEST,
            full_name: 'Asha ‭Rao',
            nationality: 'IN',
            address: '12 MG Road, Pune 411001',
            id_type: 'aadhaar',
            id_number: '7305',
            expected_arrival_time: '14:30',
          },
        ],
      },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(400);
    expect(checkIn.body).toContain(message('Full name', 'U+202D (LEFT-TO-RIGHT OVERRIDE)'));

    const added = await send('POST', `/api/properties/${current.propertyId}/bookings`, {
      ...request,
      guest_name: 'Asha \u2067Rao\u2069',
    });
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().error.message).toBe(message('Full name', 'U+2067 (RIGHT-TO-LEFT ISOLATE)'));

    const stay = await addStay('Asha Rao');
    const changed = await send('PATCH', `/api/bookings/${stay.id}`, { guest_name: 'Asha\u200f Rao' });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().error.message).toBe(message('Full name', 'U+200F (RIGHT-TO-LEFT MARK)'));

    expect((await send('PUT', '/api/business-profile', PROFILE)).statusCode).toBe(200);
    const invoiced = await send('POST', `/api/bookings/${stay.id}/invoices`, {
      recipient: { name: override },
    });
    expect(invoiced.statusCode, invoiced.body).toBe(400);
    expect(invoiced.json().error.message).toBe(message('Recipient name'));

    const profile = await send('PUT', '/api/business-profile', {
      ...PROFILE,
      legal_name: `Shanti\u202a LLP`,
    });
    expect(profile.statusCode, profile.body).toBe(400);
    expect(profile.json().error.message).toBe(message('Legal name', 'U+202A (LEFT-TO-RIGHT EMBEDDING)'));

    const [row] = await current.context.database.db.select().from(bookings).where(eq(bookings.id, stay.id));
    expect(row!.guest_name).toBe('Asha Rao');
    expect(await listNumbers()).toEqual(before);
  });
});
