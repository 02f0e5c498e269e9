import { FORM_C_FIELDS, ID_TYPE_LABELS, type RegisterStay } from '../../domain/check-in';
import { formatVillaTime } from '../../domain/dates';
import { formatCsvCell, formatCsvLines } from '../csv';

/** The guest register's columns: the stay, the guest, their ID, then Form C (blank for Indian guests). */
export const GUEST_REGISTER_COLUMNS = [
  'booking_reference',
  'property',
  'property_address',
  'check_in',
  'check_out',
  'guest_no',
  'full_name',
  'nationality',
  'address',
  'id_type',
  'id_number',
  'expected_arrival',
  'passport_number',
  ...FORM_C_FIELDS,
  'form_c_due',
  'frro_reference',
  'form_c_filed_at',
] as const;

/** The register as CSV lines, one per guest. */
export function* formatGuestRegisterCsv(stays: readonly RegisterStay[]): Generator<string> {
  const rows = function* () {
    for (const stay of stays) {
      for (const guest of stay.guests) {
        const c = guest.form_c;
        yield [
          stay.reference,
          stay.property_name,
          stay.property_address,
          stay.check_in,
          stay.check_out,
          guest.position,
          guest.full_name,
          guest.nationality_name,
          guest.address,
          ID_TYPE_LABELS[guest.id_type],
          guest.id_number,
          guest.expected_arrival_time,
          c?.passport_number ?? null,
          ...FORM_C_FIELDS.map((field) => c?.[field] ?? null),
          c ? formatVillaTime(c.deadline) : null,
          c?.frro_reference ?? null,
          c?.filed_at ? formatVillaTime(c.filed_at) : null,
        ].map((cell) => formatCsvCell(cell));
      }
    }
  };
  yield* formatCsvLines(GUEST_REGISTER_COLUMNS, rows());
}
