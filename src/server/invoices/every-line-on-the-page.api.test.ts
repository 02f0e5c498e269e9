import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../domain/invoice';
import { insertTestBooking, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
const readPdfText = (pdf: Buffer) =>
  spawnSync('pdftotext', ['-', '-'], { input: pdf, maxBuffer: 16 * 1024 * 1024 }).stdout.toString();

const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
};
const lines = (count: number, word: string) =>
  Array.from({ length: count }, (_, index) => `${word}${index + 1} ${'x'.repeat(40)}`).join('\n');

// An issued document is drawn block by block; a block taller than a page ran off its bottom, so an address
// or a reason made of many line breaks lost its last lines from the tax document without a word.
describe.each(listTestDatabaseKinds())('the text of an issued document [%s]', (kind) => {
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
  let stays = 0;
  const addStay = () => {
    stays += 1;
    return insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: `2027-06-${String(stays * 3).padStart(2, '0')}`,
      check_out: `2027-06-${String(stays * 3 + 2).padStart(2, '0')}`,
    });
  };

  it('refuses an address or a reason of more lines than a page holds, with a 400 naming the field', async () => {
    const profile = await send('PUT', '/api/business-profile', {
      ...PROFILE,
      address: `a${'\n'.repeat(300)}b`,
    });
    expect(profile.statusCode, profile.body).toBe(400);
    expect(profile.json().error).toMatchObject({
      field: 'address',
      message: 'Address can have at most 8 lines',
    });

    expect((await send('PUT', '/api/business-profile', PROFILE)).statusCode).toBe(200);
    const stay = await addStay();
    const tall = await send('POST', `/api/bookings/${stay.id}/invoices`, {
      recipient: { name: 'Asha Rao', address: `a${'\n'.repeat(400)}b` },
    });
    expect(tall.statusCode, tall.body).toBe(400);
    expect(tall.json().error).toMatchObject({
      field: 'recipient/address',
      message: 'Recipient address can have at most 8 lines',
    });

    const invoice = await send('POST', `/api/bookings/${stay.id}/invoices`, {});
    expect(invoice.statusCode, invoice.body).toBe(201);
    const note = await send('POST', `/api/invoices/${invoice.json<InvoiceSummary>().id}/credit-notes`, {
      amount: 10,
      reason: `r${'\n'.repeat(150)}s`,
    });
    expect(note.statusCode, note.body).toBe(400);
    expect(note.json().error).toMatchObject({ field: 'reason', message: 'Reason can have at most 4 lines' });
  });

  it.skipIf(!hasPdftotext)('prints every line of the longest address and reason it takes', async () => {
    expect(
      (await send('PUT', '/api/business-profile', { ...PROFILE, address: lines(8, 'supplier') })).statusCode,
    ).toBe(200);
    const stay = await addStay();
    const issued = await send('POST', `/api/bookings/${stay.id}/invoices`, {
      recipient: { name: 'Asha Rao', address: lines(8, 'recipient') },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<InvoiceSummary>();
    const note = await send('POST', `/api/invoices/${invoice.id}/credit-notes`, {
      amount: 10,
      reason: lines(4, 'why').slice(0, 200),
    });
    expect(note.statusCode, note.body).toBe(201);

    const invoiceText = readPdfText((await send('GET', `/api/invoices/${invoice.id}/pdf`)).rawPayload);
    for (let line = 1; line <= 8; line += 1) {
      expect(invoiceText).toContain(`supplier${line}`);
      expect(invoiceText).toContain(`recipient${line}`);
    }
    const noteText = readPdfText(
      (await send('GET', `/api/invoices/${note.json<InvoiceSummary>().id}/pdf`)).rawPayload,
    );
    for (let line = 1; line <= 4; line += 1) expect(noteText).toContain(`why${line}`);
  });
});
