import { countDaysBetween } from '../../domain/dates';
import { formatBookingReference, type StoredBooking } from '../../domain/booking';
import { formatCsvCell, formatCsvLines } from '../csv';

export { formatCsvCell };

/** A booking as exported; one of a list of several properties carries its property's name. */
type ExportedBooking = StoredBooking & { property_name?: string };

const COLUMNS: [header: string, value: (booking: ExportedBooking) => string | number | null][] = [
  ['reference', (booking) => formatBookingReference(booking.id)],
  ['guest_name', (booking) => booking.guest_name],
  ['guest_email', (booking) => booking.guest_email],
  ['guest_phone', (booking) => booking.guest_phone],
  ['check_in', (booking) => booking.check_in],
  ['check_out', (booking) => booking.check_out],
  ['nights', (booking) => countDaysBetween(booking.check_in, booking.check_out)],
  ['guests', (booking) => booking.guests_count],
  ['status', (booking) => booking.status],
  ['source', (booking) => booking.booking_source],
  ['payment', (booking) => booking.payment_status],
  // A stay imported from a channel feed has no price: unknown, not 0.
  ['total_amount', (booking) => (booking.amount_known ? booking.total_amount : null)],
  ['currency', (booking) => booking.currency],
  ['external_booking_id', (booking) => booking.external_booking_id],
  ['special_requests', (booking) => booking.special_requests],
  ['booked_at', (booking) => booking.created_at],
  // The operator's private note: the export is the operator's own. Last, so that the columns before it keep
  // their places in a spreadsheet made from an earlier export.
  ['operator_note', (booking) => booking.operator_note],
];

/**
 * The bookings as CSV, header first, produced a few hundred lines at a time so a long export streams
 * without being held whole as text.
 */
export function formatBookingsCsv(
  bookings: Iterable<ExportedBooking>,
  options: { withProperty?: boolean } = {},
): Generator<string> {
  // Bookings of several properties name theirs, after the reference.
  const columns: typeof COLUMNS = options.withProperty
    ? [COLUMNS[0]!, ['property', (booking) => booking.property_name ?? null], ...COLUMNS.slice(1)]
    : COLUMNS;
  return formatCsvLines(
    columns.map(([header]) => header),
    (function* () {
      for (const booking of bookings) yield columns.map(([, value]) => formatCsvCell(value(booking)));
    })(),
  );
}
