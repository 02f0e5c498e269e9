import { sql } from 'drizzle-orm';
import type { InvoiceSeries } from '../../domain/invoice';
import type { InvoiceKind } from '../../domain/invoice-document';
import type { GstSummaryQuery, InvoiceRegisterQuery } from '../../domain/invoice-register';
import { parseMinor, type MinorUnits } from '../../domain/money';
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
  series: InvoiceSeries;
  fiscal_year: number;
  sequence: number;
  document_total: string;
  rate_bp: number | string;
  taxable: number | string;
  cgst: number | string;
  sgst: number | string;
  igst: number | string;
  total: number | string;
};

const SERIES_ORDER: Record<InvoiceSeries, number> = { invoice: 0, credit_note: 1, receipt: 2 };

/**
 * The documents issued in [from, to) (row-level security keeps them to the operator's), one row per rate
 * band: the document's lines summed by rate, as issued. The document is unpacked once, for its lines and
 * the supplier's GSTIN (each read of a large jsonb value unpacks it again); the rest are columns. Invoices
 * (and bills of supply) first, then credit notes, then receipts, each series in number order. A band a
 * partial credit note left at nothing is dropped, but every document keeps at least one row.
 */
export async function listInvoiceRegisterRows(
  db: Executor,
  query: InvoiceRegisterQuery,
): Promise<RegisterRow[]> {
  const property = query.property ?? null;
  // One JSON value rather than a row per band: the embedded database hands rows over field by field, which
  // took two thirds of the time of a register of 10,000 documents. Line sums are whole minor units, exact
  // in a float8 and in JSON.
  const result = (await db.execute(sql`
    select coalesce(json_agg(r), '[]')::text as rows from (
    select i.kind, i.series, i.fiscal_year, i.sequence, i.number, i.issued_on::text as issued_on,
      i.currency, d.supplier->>'gstin' as supplier_gstin,
      i.recipient_name, i.recipient_gstin,
      i.place_of_supply as place_code,
      c.number as corrects_number, c.issued_on::text as corrects_issued_on,
      i.reason,
      i.total::text as document_total,
      l.rate_bp, l.taxable, l.cgst, l.sgst, l.igst, l.total
    from invoices i
    cross join lateral jsonb_to_record(i.document) as d(lines jsonb, supplier jsonb)
    cross join lateral (
      select rate_bp,
        sum(taxable_minor)::float8 as taxable, sum(cgst_minor)::float8 as cgst,
        sum(sgst_minor)::float8 as sgst, sum(igst_minor)::float8 as igst,
        sum(total_minor)::float8 as total
      from jsonb_to_recordset(d.lines) as line(
        rate_bp int, taxable_minor bigint, cgst_minor bigint, sgst_minor bigint, igst_minor bigint,
        total_minor bigint
      )
      group by rate_bp
    ) l
    left join invoices c on c.id = i.corrects_invoice_id
    where i.issued_on >= ${query.from}::date and i.issued_on < ${query.to}::date
      and (${property}::uuid is null or i.property_id = ${property}::uuid)
    ) r
  `)) as unknown as { rows: { rows: string }[] };
  // Sorted here rather than in SQL: the database would sort the wide rows on disk (work_mem).
  const raw = (JSON.parse(result.rows[0]!.rows) as RawRegisterRow[]).sort(
    (a, b) =>
      SERIES_ORDER[a.series] - SERIES_ORDER[b.series] ||
      a.fiscal_year - b.fiscal_year ||
      a.sequence - b.sequence ||
      Number(a.rate_bp) - Number(b.rate_bp),
  );
  const rows: RegisterRow[] = [];
  let kept: string | null = null;
  for (const [
    index,
    { series: _series, fiscal_year: _year, sequence: _sequence, ...entry },
  ] of raw.entries()) {
    const row: RegisterRow = {
      ...entry,
      document_total: parseMinor(entry.document_total),
      rate_bp: Number(entry.rate_bp),
      taxable: Number(entry.taxable),
      cgst: Number(entry.cgst),
      sgst: Number(entry.sgst),
      igst: Number(entry.igst),
      total: Number(entry.total),
    };
    const isLastOfDocument = raw[index + 1]?.number !== row.number;
    if (row.total !== 0 || row.taxable !== 0 || (isLastOfDocument && kept !== row.number)) {
      rows.push(row);
      kept = row.number;
    }
  }
  return rows;
}

export type GstMonthRow = {
  month: string;
  taxable: MinorUnits;
  cgst: MinorUnits;
  sgst: MinorUnits;
  igst: MinorUnits;
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
    taxable: parseMinor(row.taxable) as MinorUnits,
    cgst: parseMinor(row.cgst) as MinorUnits,
    sgst: parseMinor(row.sgst) as MinorUnits,
    igst: parseMinor(row.igst) as MinorUnits,
    invoices: Number(row.invoices),
    credit_notes: Number(row.credit_notes),
  }));
}
