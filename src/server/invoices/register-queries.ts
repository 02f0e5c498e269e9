import { sql } from 'drizzle-orm';
import type { InvoiceKind } from '../../domain/invoice-document';
import type { GstSummaryQuery, InvoiceRegisterQuery } from '../../domain/invoice-register';
import { parseMinor } from '../../domain/money';
import type { Executor } from '../db/client';

/** One rate band of one issued document, as the register writes it. Amounts in minor units, positive. */
export type RegisterRow = {
  kind: InvoiceKind;
  number: string;
  issued_on: string;
  currency: string;
  supplier_gstin: string | null;
  recipient_name: string;
  recipient_gstin: string | null;
  place_code: string | null;
  place_name: string | null;
  corrects_number: string | null;
  corrects_issued_on: string | null;
  reason: string | null;
  document_total: number;
  rate_bp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
};

type RawRegisterRow = Omit<
  RegisterRow,
  'document_total' | 'rate_bp' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'
> & {
  document_total: string;
  rate_bp: number | string;
  taxable: number | string;
  cgst: number | string;
  sgst: number | string;
  igst: number | string;
  total: number | string;
};

/**
 * The documents issued in [from, to) (row-level security keeps them to the operator's), one row per rate
 * band: the document's lines summed by rate, read from the document as issued. Invoices (and bills of
 * supply) first, then credit notes, then receipts, each series in number order. A band a partial credit
 * note left at nothing is dropped, but every document keeps at least one row.
 */
export async function listInvoiceRegisterRows(
  db: Executor,
  query: InvoiceRegisterQuery,
): Promise<RegisterRow[]> {
  const property = query.property ?? null;
  // Both drivers answer `execute` with `{ rows }`; line sums are whole minor units, exact in a float8.
  const result = (await db.execute(sql`
    select i.kind, i.number, i.issued_on::text as issued_on, i.currency,
      i.document->'supplier'->>'gstin' as supplier_gstin,
      i.recipient_name, i.recipient_gstin,
      i.place_of_supply as place_code,
      i.document->'place_of_supply'->>'state_name' as place_name,
      i.document->'corrects'->>'number' as corrects_number,
      i.document->'corrects'->>'issued_on' as corrects_issued_on,
      i.reason,
      i.total::text as document_total,
      (l->>'rate_bp')::int as rate_bp,
      sum((l->>'taxable_minor')::bigint)::float8 as taxable,
      sum((l->>'cgst_minor')::bigint)::float8 as cgst,
      sum((l->>'sgst_minor')::bigint)::float8 as sgst,
      sum((l->>'igst_minor')::bigint)::float8 as igst,
      sum((l->>'total_minor')::bigint)::float8 as total
    from invoices i
    cross join lateral jsonb_array_elements(i.document->'lines') l
    where i.issued_on >= ${query.from}::date and i.issued_on < ${query.to}::date
      and (${property}::uuid is null or i.property_id = ${property}::uuid)
    group by i.id, (l->>'rate_bp')::int
    order by case i.series when 'invoice' then 0 when 'credit_note' then 1 else 2 end,
      i.fiscal_year, i.sequence, (l->>'rate_bp')::int
  `)) as unknown as { rows: RawRegisterRow[] };
  const rows: RegisterRow[] = [];
  let kept: string | null = null;
  for (const [index, raw] of result.rows.entries()) {
    const row: RegisterRow = {
      ...raw,
      document_total: parseMinor(raw.document_total),
      rate_bp: Number(raw.rate_bp),
      taxable: Number(raw.taxable),
      cgst: Number(raw.cgst),
      sgst: Number(raw.sgst),
      igst: Number(raw.igst),
      total: Number(raw.total),
    };
    const isLastOfDocument = result.rows[index + 1]?.number !== row.number;
    if (row.total !== 0 || row.taxable !== 0 || (isLastOfDocument && kept !== row.number)) {
      rows.push(row);
      kept = row.number;
    }
  }
  return rows;
}

export type GstMonthRow = {
  month: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  invoices: number;
  credit_notes: number;
};

/**
 * GST by month of issue in [from, to): tax invoices and bills of supply in rupees, less their credit
 * notes (receipts for stays outside India bear no GST). Sums are numeric, read back exactly.
 */
export async function sumGstByMonth(db: Executor, query: GstSummaryQuery): Promise<GstMonthRow[]> {
  const property = query.property ?? null;
  const signed = (column: string) =>
    sql.raw(`sum(case when kind = 'credit_note' then -${column} else ${column} end)::text`);
  const result = (await db.execute(sql`
    select to_char(issued_on, 'YYYY-MM') as month,
      ${signed('taxable_value')} as taxable, ${signed('cgst')} as cgst,
      ${signed('sgst')} as sgst, ${signed('igst')} as igst,
      (count(*) filter (where kind <> 'credit_note'))::int as invoices,
      (count(*) filter (where kind = 'credit_note'))::int as credit_notes
    from invoices
    where issued_on >= ${query.from}::date and issued_on < ${query.to}::date
      and currency = 'INR' and kind <> 'receipt' and place_of_supply is not null
      and (${property}::uuid is null or property_id = ${property}::uuid)
    group by 1
    order by 1
  `)) as unknown as {
    rows: {
      month: string;
      taxable: string;
      cgst: string;
      sgst: string;
      igst: string;
      invoices: number;
      credit_notes: number;
    }[];
  };
  return result.rows.map((row) => ({
    month: row.month,
    taxable: parseMinor(row.taxable),
    cgst: parseMinor(row.cgst),
    sgst: parseMinor(row.sgst),
    igst: parseMinor(row.igst),
    invoices: Number(row.invoices),
    credit_notes: Number(row.credit_notes),
  }));
}
