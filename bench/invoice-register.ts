/**
 * Invoice register benchmark: a financial year of 10,000 documents (tax invoices of one and two rate
 * bands, B2B and not, and one credit note in ten), written straight into the database, then the year's
 * register CSV and GST by month through the built server: the median of several sequential requests,
 * each reading the whole answer. Goal: the register in under a second.
 *
 *   npm run bench:invoice-register                     # embedded PGlite
 *   npm run bench:invoice-register -- postgres://postgres@127.0.0.1:5432/test   # a PostgreSQL server
 */
import { addDaysToDate } from '../src/domain/dates';
import type { BusinessProfile } from '../src/domain/business-profile';
import {
  buildCreditNoteDocument,
  buildInvoiceDocument,
  findFiscalYear,
  formatInvoiceNumber,
  type InvoiceBand,
} from '../src/domain/invoice';
import type { InvoiceDocument } from '../src/domain/invoice-document';
import type { MinorUnits } from '../src/domain/money';
import { bookings, businessProfiles, invoices, invoiceSeries } from '../src/server/db/schema';
import { readResponseCookies } from '../src/server/test/spawn-server';
import { BENCH_OPERATOR, createScratchDatabase, openBenchVilla, startBenchServer } from './support';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('invoice-register');

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const CREDIT_NOTE_EVERY = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const FROM = '2026-04-01';
const TO = '2027-04-01';

const profile: BusinessProfile = {
  saved: true,
  registered: true,
  legal_name: 'Bench Villas LLP',
  trade_name: null,
  address: 'Fort Road, Alibag, Maharashtra',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'BV',
  signatory_name: 'Asha Kulkarni',
};

const scratch = await createScratchDatabase(process.argv[2]);
const { database, villa } = await openBenchVilla(scratch, { currency: 'INR', state_code: '27' });
const ownerId = villa.owner_id;
await database.db.insert(businessProfiles).values({
  operator_id: ownerId,
  registered: true,
  legal_name: profile.legal_name,
  address: profile.address,
  state_code: '27',
  pan: profile.pan,
  gstins: profile.gstins,
  invoice_prefix: profile.invoice_prefix,
  signatory_name: profile.signatory_name,
});
// A hundred stays to hang the documents on (the one-invoice-per-stay rule is the API's, not the table's).
const stays = await database.db
  .insert(bookings)
  .values(
    Array.from({ length: 100 }, (_, index) => ({
      property_id: villa.id,
      guest_name: `Guest ${index + 1}`,
      guest_email: `guest${index + 1}@example.com`,
      check_in: addDaysToDate('2030-01-01', index * 3),
      check_out: addDaysToDate('2030-01-03', index * 3),
      total_amount: 21_000_00 as MinorUnits,
      currency: 'INR',
      status: 'confirmed' as const,
    })),
  )
  .returning();

const startedAt = performance.now();
type Row = typeof invoices.$inferInsert;
const rows: Row[] = [];
const sequences = { invoice: 0, credit_note: 0 };
const days = 365;
let invoiceDocuments: { id: string; document: InvoiceDocument; stay: (typeof stays)[number] }[] = [];
for (let index = 0; rows.length < DOCUMENTS; index += 1) {
  const stay = stays[index % stays.length]!;
  const issuedOn = addDaysToDate(FROM, Math.floor((rows.length * days) / DOCUMENTS));
  const previous = invoiceDocuments.at(-1);
  if (previous && index % CREDIT_NOTE_EVERY === 0) {
    sequences.credit_note += 1;
    const document = buildCreditNoteDocument({
      invoice: previous.document,
      creditNotes: [],
      amountMinor: index % 20 === 0 ? null : 2_100_00,
      number: formatInvoiceNumber('BV', 'credit_note', findFiscalYear(issuedOn), sequences.credit_note),
      issuedOn,
      reason: 'Refund of one night',
    });
    rows.push(toRow(document, previous.stay.id, 'credit_note', sequences.credit_note, previous.id));
    invoiceDocuments = [];
    continue;
  }
  // Two bands (5 % and 18 %) for most, one for the rest; one guest in five a business with a GSTIN.
  const bands: InvoiceBand[] =
    index % 3 === 0
      ? [{ rateBp: 500, taxable: 12_000_00 + index, tax: 600_00, nights: 2 }]
      : [
          { rateBp: 500, taxable: 12_000_00, tax: 600_00, nights: 2 },
          { rateBp: 1800, taxable: 9_000_00 + index, tax: 1_620_00, nights: 1 },
        ];
  sequences.invoice += 1;
  const business = index % 5 === 0;
  const document = buildInvoiceDocument({
    kind: 'tax_invoice',
    number: formatInvoiceNumber('BV', 'invoice', findFiscalYear(issuedOn), sequences.invoice),
    issuedOn,
    currency: 'INR',
    totalMinor: bands.reduce((sum, band) => sum + band.taxable + band.tax, 0),
    bands,
    profile,
    recipient: business
      ? {
          name: 'Acme Travel Pvt Ltd',
          address: 'Andheri East, Mumbai',
          state_code: null,
          gstin: '27AAPFU0939F1ZV',
        }
      : { name: null, address: null, state_code: null, gstin: null },
    booking: { ...stay, booking_source: 'direct' },
    property: { ...villa, state_code: '27' },
    nights: 3,
  });
  const id = crypto.randomUUID();
  rows.push({ ...toRow(document, stay.id, 'invoice', sequences.invoice, null), id });
  invoiceDocuments.push({ id, document, stay });
}

function toRow(
  document: InvoiceDocument,
  bookingId: string,
  series: 'invoice' | 'credit_note',
  sequence: number,
  correctsId: string | null,
): Row {
  return {
    operator_id: ownerId,
    booking_id: bookingId,
    property_id: villa.id,
    kind: document.kind,
    series,
    fiscal_year: findFiscalYear(document.issued_on),
    sequence,
    number: document.number,
    issued_on: document.issued_on,
    currency: 'INR',
    taxable_value: document.taxable_minor as MinorUnits,
    cgst: document.cgst_minor as MinorUnits,
    sgst: document.sgst_minor as MinorUnits,
    igst: document.igst_minor as MinorUnits,
    total: document.total_minor as MinorUnits,
    corrects_invoice_id: correctsId,
    reason: document.corrects?.reason ?? null,
    recipient_name: document.recipient.name,
    recipient_gstin: document.recipient.gstin,
    place_of_supply: document.place_of_supply?.state_code ?? null,
    document,
    created_by: ownerId,
  };
}

for (let start = 0; start < rows.length; start += 500)
  await database.db.insert(invoices).values(rows.slice(start, start + 500));
await database.db.insert(invoiceSeries).values([
  { operator_id: ownerId, series: 'invoice', fiscal_year: 2026, last_number: sequences.invoice },
  { operator_id: ownerId, series: 'credit_note', fiscal_year: 2026, last_number: sequences.credit_note },
]);
await database.close();
console.log(
  `${rows.length.toLocaleString('en-US')} documents (${sequences.invoice.toLocaleString('en-US')} tax invoices, ${sequences.credit_note.toLocaleString('en-US')} credit notes) written in ${Math.round(performance.now() - startedAt)} ms (${scratch.label})`,
);

/** Median, fastest and slowest of sequential requests, each reading the whole body, after two unmeasured. */
async function timeRequests(server: { base: string; cookie: string }, path: string) {
  const fetchOnce = async () => {
    const response = await fetch(`${server.base}${path}`, { headers: { cookie: server.cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.text();
  };
  let body = '';
  for (let warm = 0; warm < 2; warm += 1) body = await fetchOnce();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await fetchOnce();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { body, median: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times.at(-1)! };
}

const server = await startBenchServer(scratch);
try {
  // Signed in again here, so a refused sign-in says why instead of answering every request with 401.
  const signIn = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_OPERATOR.email, password: BENCH_OPERATOR.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  server.cookie = readResponseCookies(signIn);
  const register = await timeRequests(server, `/api/invoices/register.csv?from=${FROM}&to=${TO}`);
  const lines = register.body.split('\r\n').filter(Boolean).length - 1;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `\nGET /api/invoices/register.csv, FY 2026-27 (${scratch.label}): median ${ms(register.median)} of ${RUNS} (fastest ${ms(register.min)}, slowest ${ms(register.max)}); ${lines.toLocaleString('en-US')} lines, ${(register.body.length / 1024 / 1024).toFixed(1)} MB; goal < 1000 ms`,
  );
  const gst = await timeRequests(server, `/api/reports/gst?from=${FROM}&to=${TO}`);
  console.log(
    `GET /api/reports/gst, FY 2026-27, 12 months (${scratch.label}): median ${ms(gst.median)} of ${RUNS} (fastest ${ms(gst.min)}, slowest ${ms(gst.max)})`,
  );
} finally {
  await server.stop();
  await scratch.remove();
}
