import { formatBookingReference } from '../../domain/booking';
import { formatDecimal } from '../../domain/money';
import { formatCsvCell, formatCsvLines } from '../csv';
import type { LedgerCsvRow } from './money-queries';

const COLUMNS: [header: string, value: (row: LedgerCsvRow) => string][] = [
  ['received_on', (row) => row.received_on],
  ['booking_reference', (row) => formatBookingReference(row.booking_id)],
  ['guest_name', (row) => formatCsvCell(row.guest_name)],
  ['property', (row) => formatCsvCell(row.property_name)],
  [
    'kind',
    (row) => (row.void_reason ? `${row.kind}_void` : row.corrects_id ? `${row.kind}_correction` : row.kind),
  ],
  ['method', (row) => row.method],
  ['reference', (row) => formatCsvCell(row.reference)],
  // A void's note is its reason: it undoes the entry above it, dated the same day.
  ['note', (row) => formatCsvCell(row.void_reason ?? row.note)],
  // Our own figure, written as a plain decimal ("-1500.00"): a spreadsheet reads it as a number, and the
  // formula defence, which would prefix a minus sign with an apostrophe, is for text from people.
  ['amount', (row) => formatDecimal(row.signed_minor)],
  ['currency', (row) => row.currency],
];

/**
 * The ledger for the accountant: one line per entry, money out (refunds, security deposits returned) and
 * corrections of money in with a minus sign, so a column's sum per currency is what was kept.
 */
export function formatPaymentsCsv(rows: Iterable<LedgerCsvRow>): Generator<string> {
  return formatCsvLines(
    COLUMNS.map(([header]) => header),
    (function* () {
      for (const row of rows) yield COLUMNS.map(([, value]) => value(row));
    })(),
  );
}
