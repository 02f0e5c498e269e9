import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceDocument, InvoiceKind } from '../../domain/invoice-document';
import {
  findCreditableLines,
  findInvoiceSeries,
  type InvoiceSeries,
  type InvoiceSummary,
} from '../../domain/invoice';
import type { MinorUnits } from '../../domain/money';
import type { StayInvoicing } from '../../domain/payment';
import type { Executor } from '../db/client';
import { invoices, invoiceSeries } from '../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The next number of a series in a financial year. The series' row stays locked until the transaction
 * ends, so a second document waits for the first to commit (consecutive numbers) and a rolled-back one
 * gives its number back (none skipped).
 */
export async function takeNextSequence(
  db: Executor,
  input: { operatorId: string; series: InvoiceSeries; fiscalYear: number },
): Promise<number> {
  const [row] = await db
    .insert(invoiceSeries)
    .values({
      operator_id: input.operatorId,
      series: input.series,
      fiscal_year: input.fiscalYear,
      last_number: 1,
    })
    .onConflictDoUpdate({
      target: [invoiceSeries.operator_id, invoiceSeries.series, invoiceSeries.fiscal_year],
      set: { last_number: sql`${invoiceSeries.last_number} + 1` },
    })
    .returning({ last_number: invoiceSeries.last_number });
  return row!.last_number;
}

export async function insertInvoice(
  db: Executor,
  input: {
    operatorId: string;
    bookingId: string;
    propertyId: string;
    fiscalYear: number;
    sequence: number;
    document: InvoiceDocument;
    correctsInvoiceId: string | null;
    createdBy: string;
  },
): Promise<InvoiceRow> {
  const { document } = input;
  const [row] = await db
    .insert(invoices)
    .values({
      operator_id: input.operatorId,
      booking_id: input.bookingId,
      property_id: input.propertyId,
      kind: document.kind,
      series: findInvoiceSeries(document.kind),
      fiscal_year: input.fiscalYear,
      sequence: input.sequence,
      number: document.number,
      issued_on: document.issued_on,
      currency: document.currency,
      taxable_value: document.taxable_minor as MinorUnits,
      cgst: document.cgst_minor as MinorUnits,
      sgst: document.sgst_minor as MinorUnits,
      igst: document.igst_minor as MinorUnits,
      total: document.total_minor as MinorUnits,
      corrects_invoice_id: input.correctsInvoiceId,
      reason: document.corrects?.reason ?? null,
      recipient_name: document.recipient.name,
      recipient_gstin: document.recipient.gstin,
      place_of_supply: document.place_of_supply?.state_code ?? null,
      document,
      created_by: input.createdBy,
    })
    .returning();
  return row!;
}

export async function findInvoiceRow(db: Executor, invoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  return row;
}

/**
 * Each booking's invoice in force (StayInvoicing: the one its credit notes have not wholly taken back),
 * as find_stay_invoice_in_force reads it for the database; bookings without one are left out.
 */
export async function findStaysInvoicing(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, StayInvoicing>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: invoices.id,
      booking_id: invoices.booking_id,
      kind: invoices.kind,
      total: invoices.total,
      corrects_invoice_id: invoices.corrects_invoice_id,
    })
    .from(invoices)
    .where(inArray(invoices.booking_id, [...bookingIds]))
    .orderBy(asc(invoices.created_at));
  const credited = new Map<string, number>();
  for (const row of rows) {
    if (row.corrects_invoice_id)
      credited.set(row.corrects_invoice_id, (credited.get(row.corrects_invoice_id) ?? 0) + row.total);
  }
  const inForce = new Map<string, StayInvoicing>();
  for (const row of rows) {
    const credits = credited.get(row.id) ?? 0;
    // The newest wins, should a booking ever hold two.
    if (row.kind !== 'credit_note' && credits < row.total)
      inForce.set(row.booking_id, { invoice_minor: row.total, credited_minor: credits });
  }
  return inForce;
}

/** The credit notes issued against an invoice, oldest first. */
export async function listCreditNoteRows(db: Executor, invoiceId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.corrects_invoice_id, invoiceId))
    .orderBy(asc(invoices.created_at), asc(invoices.sequence));
}

/** A booking's documents, newest first. */
export async function listBookingInvoiceRows(db: Executor, bookingId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.booking_id, bookingId))
    .orderBy(desc(invoices.created_at), desc(invoices.sequence));
}

/** The operator's documents (row-level security keeps them to theirs), newest first. */
export async function listInvoiceRows(
  db: Executor,
  query: { booking_id?: string; from?: string; to?: string },
): Promise<InvoiceRow[]> {
  const conditions: SQL[] = [];
  if (query.booking_id) conditions.push(eq(invoices.booking_id, query.booking_id));
  if (query.from) conditions.push(gte(invoices.issued_on, query.from));
  if (query.to) conditions.push(lt(invoices.issued_on, query.to));
  return db
    .select()
    .from(invoices)
    .where(and(...conditions))
    .orderBy(desc(invoices.issued_on), desc(invoices.created_at), desc(invoices.sequence));
}

const INVOICE_KINDS_CREDITED: readonly InvoiceKind[] = ['tax_invoice', 'bill_of_supply', 'receipt'];

/**
 * Rows as the API lists them: each invoice with what is left to credit of it (from the credit notes
 * among `rows` and `creditNotes`), each credit note with the invoice it corrects.
 */
export function shapeInvoices(
  rows: readonly InvoiceRow[],
  related: readonly InvoiceRow[] = [],
): InvoiceSummary[] {
  const all = new Map([...related, ...rows].map((row) => [row.id, row]));
  const notesOf = new Map<string, InvoiceRow[]>();
  for (const row of all.values()) {
    if (!row.corrects_invoice_id) continue;
    notesOf.set(row.corrects_invoice_id, [...(notesOf.get(row.corrects_invoice_id) ?? []), row]);
  }
  return rows.map((row) => {
    const corrected = row.corrects_invoice_id ? all.get(row.corrects_invoice_id) : undefined;
    const left = INVOICE_KINDS_CREDITED.includes(row.kind)
      ? findCreditableLines(
          row.document,
          (notesOf.get(row.id) ?? []).map((note) => note.document),
        ).reduce((sum, line) => sum + line.total_minor, 0)
      : null;
    return {
      id: row.id,
      booking_id: row.booking_id,
      property_id: row.property_id,
      kind: row.kind,
      title: row.document.title,
      number: row.number,
      issued_on: row.issued_on,
      currency: row.currency,
      taxable_value: row.taxable_value,
      cgst: row.cgst,
      sgst: row.sgst,
      igst: row.igst,
      total: row.total,
      recipient_name: row.recipient_name,
      recipient_gstin: row.recipient_gstin,
      place_of_supply: row.place_of_supply,
      corrects: row.corrects_invoice_id
        ? {
            id: row.corrects_invoice_id,
            number: corrected?.number ?? row.document.corrects?.number ?? '',
            reason: row.reason ?? '',
          }
        : null,
      left_to_credit: left === null ? null : (left as MinorUnits),
      created_at: row.created_at.toISOString(),
    };
  });
}

/** The credit notes of the invoices among `rows` that `rows` do not hold themselves. */
export async function listRelatedInvoiceRows(
  db: Executor,
  rows: readonly InvoiceRow[],
): Promise<InvoiceRow[]> {
  const ids = rows.filter((row) => !row.corrects_invoice_id).map((row) => row.id);
  const corrected = rows.flatMap((row) => (row.corrects_invoice_id ? [row.corrects_invoice_id] : []));
  const conditions = [
    ...(ids.length > 0 ? [inArray(invoices.corrects_invoice_id, ids)] : []),
    ...(corrected.length > 0 ? [inArray(invoices.id, corrected)] : []),
  ];
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(or(...conditions));
}

/**
 * The documents of a guest's stay, newest first, by the token of any of its links; none for a token that
 * names no request. The guest's role reads no invoices itself: find_guest_invoices() hands it these.
 */
export async function listGuestInvoiceRows(
  db: Executor,
  token: string,
): Promise<{ id: string; document: InvoiceDocument }[]> {
  const result = await db.execute(sql`select * from find_guest_invoices(${token})`);
  return (result as unknown as { rows: { out_id: string; out_document: InvoiceDocument }[] }).rows.map(
    (row) => ({ id: row.out_id, document: row.out_document }),
  );
}
