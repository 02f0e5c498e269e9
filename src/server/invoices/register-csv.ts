import { GST_STATES } from '../../domain/gstin';
import type { InvoiceKind } from '../../domain/invoice-document';
import { formatDecimal } from '../../domain/money';
import { formatCsvCell, formatCsvLines } from '../csv';
import type { RegisterRow } from './register-queries';

const DOCUMENT_TYPES: Record<InvoiceKind, string> = {
  tax_invoice: 'Tax invoice',
  bill_of_supply: 'Bill of supply',
  receipt: 'Receipt',
  credit_note: 'Credit note',
};

/** "27-Maharashtra", as GSTR-1 writes a place of supply. */
function formatPlaceOfSupply(row: RegisterRow): string {
  if (!row.place_code) return '';
  return `${row.place_code}-${GST_STATES[row.place_code] ?? ''}`;
}

// Our own figures are plain decimals ("12000.00", rate "18") a spreadsheet sums; text from people (names,
// reasons) goes through the formula defence.
const COLUMNS: [header: string, value: (row: RegisterRow) => string][] = [
  ['document_type', (row) => DOCUMENT_TYPES[row.kind]],
  ['number', (row) => formatCsvCell(row.number)],
  ['date', (row) => row.issued_on],
  ['original_invoice_number', (row) => formatCsvCell(row.corrects_number)],
  ['original_invoice_date', (row) => row.corrects_issued_on ?? ''],
  ['reason', (row) => formatCsvCell(row.reason)],
  ['supplier_gstin', (row) => row.supplier_gstin ?? ''],
  ['recipient_name', (row) => formatCsvCell(row.recipient_name)],
  ['recipient_gstin', (row) => row.recipient_gstin ?? ''],
  ['place_of_supply', (row) => formatCsvCell(formatPlaceOfSupply(row))],
  ['reverse_charge', (row) => (row.place_code ? 'N' : '')],
  ['rate', (row) => String(row.rate_bp / 100)],
  ['taxable_value', (row) => formatDecimal(row.taxable)],
  ['cgst', (row) => formatDecimal(row.cgst)],
  ['sgst', (row) => formatDecimal(row.sgst)],
  ['igst', (row) => formatDecimal(row.igst)],
  ['total', (row) => formatDecimal(row.total)],
  ['document_value', (row) => formatDecimal(row.document_total)],
  ['currency', (row) => row.currency],
];

export const INVOICE_REGISTER_COLUMNS = COLUMNS.map(([header]) => header);

/**
 * The register for GSTR-1: one line per rate band of each document. A credit note's amounts are
 * positive, its type saying it is one, as GSTR-1's credit note tables take them.
 */
export function formatInvoiceRegisterCsv(rows: Iterable<RegisterRow>): Generator<string> {
  return formatCsvLines(
    INVOICE_REGISTER_COLUMNS,
    (function* () {
      for (const row of rows) yield COLUMNS.map(([, value]) => value(row));
    })(),
  );
}
