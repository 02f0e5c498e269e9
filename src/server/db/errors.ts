import { OPERATOR_NOTE_MAX } from '../../domain/booking';

/** PostgreSQL error codes we turn into clear 4xx answers (Drizzle puts the driver's error on `cause`). */
const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  exclusionViolation: '23P01',
  insufficientPrivilege: '42501',
  invalidText: '22P02',
  invalidDatetime: '22007',
  datetimeOverflow: '22008',
  numericOverflow: '22003',
  stringTooLong: '22001',
  characterNotInRepertoire: '22021',
} as const;

export type PgErrorInfo = { code: string; constraint?: string; message: string };

/** Finds the PostgreSQL error in an error's cause chain. */
export function findPgError(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        message: typeof candidate.message === 'string' ? candidate.message : '',
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const OVERLAP_MESSAGE = 'Those dates are no longer available';

export function isOverlapError(error: unknown): boolean {
  const pgError = findPgError(error);
  return pgError?.code === PG.exclusionViolation && pgError.constraint === 'bookings_no_overlap';
}

export function isRowLevelSecurityError(error: unknown): boolean {
  const pgError = findPgError(error);
  return pgError?.code === PG.insufficientPrivilege && /row-level security/i.test(pgError.message);
}

const CHECK_MESSAGES: Record<string, string> = {
  bookings_dates_check: 'Check-out must be after check-in',
  bookings_guests_count_check: 'Guests must be at least 1',
  bookings_total_amount_check: 'Total amount must not be negative',
  bookings_operator_note_check: `The private note must be at most ${OPERATOR_NOTE_MAX} characters`,
  properties_bedrooms_check: 'Bedrooms must be at least 1',
  properties_bathrooms_check: 'Bathrooms must be at least 1',
  properties_max_guests_check: 'Max guests must be at least 1',
  properties_base_price_check: 'Base price must be at least 0',
  properties_property_type_check: 'Property type must be one of villa, apartment, house, condo',
  property_calendar_price_check: 'Price must not be negative',
  payments_amount_check: 'Amount must be more than 0',
  payments_currency_matches_booking: "A payment is recorded in its booking's currency",
  payments_refund_within_paid: 'A refund can be at most what was paid and not yet refunded',
  payments_returned_within_held: 'At most the security deposit held can be returned',
  payments_correction_check:
    'A correction reverses an uncorrected entry of the same booking and kind, for at most what is left of it',
  payments_void_check:
    'A void reverses all that is left of an entry that did not move through Razorpay (refund that instead)',
  payments_void_reason_check: 'A void needs its reason, of at most 1000 characters',
};

/** Maps a database rule's refusal to an HTTP status and a message a person can act on; undefined if it is a fault. */
export function describeDatabaseRefusal(error: unknown): { statusCode: number; message: string } | undefined {
  const pgError = findPgError(error);
  if (!pgError) return undefined;
  switch (pgError.code) {
    case PG.exclusionViolation:
      return { statusCode: 409, message: OVERLAP_MESSAGE };
    case PG.uniqueViolation:
      return { statusCode: 409, message: 'That record already exists' };
    case PG.foreignKeyViolation:
      return { statusCode: 404, message: 'A record it refers to does not exist' };
    case PG.checkViolation:
      return {
        statusCode: 400,
        message: CHECK_MESSAGES[pgError.constraint ?? ''] ?? 'A value is outside what is allowed',
      };
    case PG.notNullViolation:
      return { statusCode: 400, message: 'A required value is missing' };
    case PG.insufficientPrivilege:
      return { statusCode: 403, message: 'You do not have permission to do that' };
    case PG.characterNotInRepertoire:
      return { statusCode: 400, message: 'A text value holds a character that is not allowed' };
    case PG.invalidText:
    case PG.invalidDatetime:
    case PG.datetimeOverflow:
    case PG.numericOverflow:
    case PG.stringTooLong:
      return { statusCode: 400, message: 'A value has the wrong format or is too large' };
    default:
      // Class 22 is "data exception": always a value the client sent, never a fault of ours.
      if (pgError.code.startsWith('22')) {
        return { statusCode: 400, message: 'A value has the wrong format or is too large' };
      }
      return undefined;
  }
}
