import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getPageFile, PAGES } from '../../client/pages/registry';
import { defaultContact } from '../../content/site';
import type { BusinessContact } from '../../domain/business-contact';
import type { MessageTemplateList } from '../../domain/message-template';
import { outboxMessages } from '../db/schema';
import { writeScheduledMessage } from '../messages/scheduled-messages';
import { insertTestBooking, TEST_NOW, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const CONTACT = {
  phone: '+91 98220 12345',
  email: 'hello@shanti.example.org',
  street: '12 Peth Road',
  city: 'Pune',
  region: 'Maharashtra',
  postal_code: '411030',
  country: 'India',
  social_handle: '@shanti.pune',
  social_url: 'https://instagram.com/shanti.pune',
};

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

/**
 * A stand-in build: each registry page's HTML with its head tags (JSON-LD naming the contact) and, for a
 * prerendered page, its markup, as the render bundle beside it renders them, with compressed copies. The
 * server knows nothing of the contact but what it finds in these strings, as with a real build.
 */
function writeBuild(): string {
  const buildDir = mkdtempSync(join(tmpdir(), 'villa-contact-build-'));
  const pages = PAGES.map((page) => ({ file: getPageFile(page), render: page.render }));
  const bundle = `
    const DEFAULTS = ${JSON.stringify(defaultContact)};
    const pages = ${JSON.stringify(pages)};
    let contact = DEFAULTS;
    const text = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;');
    export function renderPages(next = DEFAULTS) {
      contact = next;
      return pages.map((page) => ({
        ...page,
        html: page.render === 'prerender' ? '<footer><a href="tel:' + text(contact.phone) + '">' + text(contact.phone) + '</a></footer>' : '',
        head: '<script type="application/ld+json">' + JSON.stringify({ '@type': 'Resort', telephone: contact.phone, email: contact.email, address: { streetAddress: contact.street } }).replace(/</g, '\\\\u003c') + '</script>',
      }));
    }
    export function renderServerPage(name) {
      return { html: '<p>' + text(contact.phone) + '</p>', language: 'en', title: name };
    }`;
  mkdirSync(join(buildDir, 'ssr'), { recursive: true });
  writeFileSync(join(buildDir, 'ssr', 'entry-server.js'), bundle);
  // The build's own render of the pages, with the defaults, written into each page's HTML.
  const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  for (const page of pages) {
    const head = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Resort', telephone: defaultContact.phone, email: defaultContact.email, address: { streetAddress: defaultContact.street } })}</script>`;
    const markup =
      page.render === 'prerender'
        ? `<footer><a href="tel:${text(defaultContact.phone)}">${text(defaultContact.phone)}</a></footer>`
        : '<!--app-html-->';
    const html = `<!doctype html><html lang="en"><head><style>.x{}</style>${head}</head><body><div id="root">${markup}</div>${'<p>padding</p>'.repeat(100)}</body></html>`;
    const file = join(buildDir, 'client', page.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html));
  }
  return join(buildDir, 'client');
}

const clientDir = writeBuild();

describe.each(listTestDatabaseKinds())("the business's contact details [%s]", (kind) => {
  // The suite's first property is the villa: the site's (the first ever made), with the villa's words.
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW, server: { clientDir } },
    { name: 'Shanti Villa Retreat', message_wording: 'villa', currency: 'INR', state_code: '27' },
  );
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: current.cookie },
      ...(payload ? { payload } : {}),
    });
  const listTemplates = async (propertyId: string) => {
    const response = await send('GET', `/api/properties/${propertyId}/message-templates`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessageTemplateList>();
  };

  it('are the defaults while none is saved, and refuse bad input with a 400 that names the field and a code', async () => {
    const fresh = await current.context.createSignedInOperator();
    const response = await current.context.app.inject({
      method: 'GET',
      url: '/api/business-contact',
      headers: { cookie: fresh.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(defaultContact);

    const cases: [Partial<typeof CONTACT>, string, string][] = [
      [{ phone: 'call the caretaker' }, 'phone', 'contact_phone_invalid'],
      [{ phone: '+91 123' }, 'phone', 'contact_phone_invalid'],
      [{ email: 'hello at shanti' }, 'email', 'contact_email_invalid'],
      [{ city: '   ' }, 'city', 'contact_address_invalid'],
      [{ social_url: 'http://instagram.com/shanti' }, 'social_url', 'contact_social_invalid'],
      [{ social_handle: 'two words' }, 'social_handle', 'contact_social_invalid'],
    ];
    for (const [change, field, code] of cases) {
      const refused = await send('PUT', '/api/business-contact', { ...CONTACT, ...change });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toMatchObject({ field, code, message: expect.any(String) });
    }
    const { street: _street, ...withoutStreet } = CONTACT;
    const missing = await send('PUT', '/api/business-contact', withoutStreet);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().error).toEqual({
      field: 'street',
      code: 'contact_address_invalid',
      params: {},
      message: 'The street is required',
    });
    // Nothing was saved by any of them.
    expect((await send('GET', '/api/business-contact')).json()).toEqual(defaultContact);
  });

  it("start a new property from neutral words naming its own address and the business's contact", async () => {
    const created = await send('POST', '/api/properties', {
      name: 'Casa Anjuna',
      address: '7 Flea Market Road',
      city: 'Anjuna',
      country: 'India',
    });
    expect(created.statusCode, created.body).toBe(201);
    const goa = created.json<{ id: string }>().id;

    const goaTemplates = await listTemplates(goa);
    for (const template of goaTemplates.templates) {
      expect(template).toMatchObject({ saved: false, wording: 'neutral' });
      expect(template.body).not.toMatch(/fort|temple|monkey|00000/i);
    }
    expect(goaTemplates.templates[0]!.body).toContain('{propertyAddress}');
    expect(goaTemplates.templates[0]!.body).toContain('{contactPhone}');
    // The villa keeps its own words, and the editor says which properties use them.
    const villa = await listTemplates(current.propertyId);
    expect(villa.templates[0]).toMatchObject({ wording: 'villa' });
    expect(villa.templates[0]!.body).toContain('temple gate');
    expect(goaTemplates.villa_wording).toEqual([
      { property_id: current.propertyId, name: 'Shanti Villa Retreat' },
    ]);

    expect((await send('PUT', '/api/business-contact', CONTACT)).statusCode).toBe(200);
    // The message a guest of the Goa house is sent: its address, the business's phone, nothing of the villa's.
    const stay = await insertTestBooking(current.context.database, goa, {
      created_at: TEST_NOW,
      check_in: '2026-11-24',
      check_out: '2026-11-26',
      status: 'confirmed',
      guest_name: 'Asha Rao',
      guest_email: 'asha-goa@example.com',
      total_amount: 30_000,
      currency: 'INR',
    });
    const written = await writeScheduledMessage(current.context.database.db, current.context.config, {
      bookingId: stay.id,
      kind: 'before_arrival',
      now: TEST_NOW,
    });
    expect(written).toBe(true);
    const [message] = await current.context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, stay.id), eq(outboxMessages.kind, 'before_arrival')));
    expect(message!.text_body).toContain('7 Flea Market Road, Anjuna, India');
    expect(message!.text_body).toContain(`call us on ${CONTACT.phone} or write to ${CONTACT.email}`);
    expect(message!.text_body).toContain('The Casa Anjuna team');
    expect(message!.text_body).not.toMatch(/fort|temple|monkey|00000/i);
    expect(message!.html_body).toContain(CONTACT.phone);

    // Edited, the villa's words are the operator's own, and the villa leaves the list.
    const edited = villa.templates.find((template) => template.kind === 'before_arrival')!;
    const saved = await send(
      'PUT',
      `/api/properties/${current.propertyId}/message-templates/before_arrival`,
      {
        subject: edited.subject,
        body: edited.body.replace('the monkeys know', 'the langurs know'),
        enabled: true,
        days: edited.days,
      },
    );
    expect(saved.json()).toMatchObject({ saved: true, wording: 'own' });
    expect((await listTemplates(goa)).villa_wording).toEqual([
      { property_id: current.propertyId, name: 'Shanti Villa Retreat' },
    ]);
  });

  it('reach an e-mail, an invoice, and the served page and its JSON-LD once saved, without a build', async () => {
    const before = await current.context.app.inject({ method: 'GET', url: '/' });
    expect(before.body).not.toContain('+91 98220 55555');

    const saved = await send('PUT', '/api/business-contact', { ...CONTACT, phone: '+91 98220 55555' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BusinessContact>()).toEqual({ ...CONTACT, phone: '+91 98220 55555', saved: true });

    // The page as served, plain and compressed: its markup and its structured data.
    for (const url of ['/', '/partnership', '/hi']) {
      const page = await current.context.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(defaultContact.phone);
      expect(page.body).toContain('<a href="tel:+91 98220 55555">+91 98220 55555</a>');
      const jsonLd = JSON.parse(page.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
      expect(jsonLd).toMatchObject({
        telephone: '+91 98220 55555',
        email: CONTACT.email,
        address: { streetAddress: CONTACT.street },
      });
      const compressed = await current.context.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(page.body);
    }
    const notFound = await current.context.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('+91 98220 55555');

    // A stay to invoice: its guest's e-mail with the invoice says how to reach us, with the address below.
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      created_at: TEST_NOW,
      check_in: '2027-01-10',
      check_out: '2027-01-12',
      status: 'confirmed',
      guest_name: 'Ravi Menon',
      guest_email: 'ravi@example.com',
      total_amount: 40_000,
      currency: 'INR',
    });

    // An invoice issued now prints them under the supplier.
    const profile = await send('PUT', '/api/business-profile', {
      registered: false,
      legal_name: 'Shanti Villa Retreat LLP',
      address: '12 Peth Road, Pune 411030',
      state_code: '27',
      invoice_prefix: 'SV',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const invoice = await send('POST', `/api/bookings/${stay.id}/invoices`, {});
    expect(invoice.statusCode, invoice.body).toBe(201);
    const issued = invoice.json<{ id: string; document: { supplier: { phone?: string; email?: string } } }>();
    expect(issued.document.supplier).toMatchObject({ phone: '+91 98220 55555', email: CONTACT.email });
    if (hasPdftotext) {
      const pdf = await send('GET', `/api/invoices/${issued.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      const text = spawnSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).stdout.toString();
      expect(text).toContain('Phone: +91 98220 55555');
      expect(text).toContain(`E-mail: ${CONTACT.email}`);
    }
    const [mail] = await current.context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, stay.id), eq(outboxMessages.to_address, 'ravi@example.com')));
    expect(mail!.text_body).toContain(`write to ${CONTACT.email} or call +91 98220 55555`);
    expect(mail!.text_body).toContain('Shanti Villa Retreat · 12 Peth Road, Pune 411030, Maharashtra, India');
    expect(mail!.text_body + mail!.html_body).not.toContain(defaultContact.phone);
    expect(mail!.html_body).toContain('12 Peth Road, Pune 411030');
  });
});
