import { PAYMENT_ERROR_CODES } from './payment';

/**
 * A refusal of the domain: a code that a client words in its own language, the parameters it needs to, and
 * the English words the API gives beside them. Operations throw it; only the HTTP edge gives it a status.
 */
export class DomainError<Code extends DomainErrorCode = DomainErrorCode> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/**
 * Every code an operation refuses with, said once: the HTTP edge gives each its status, clients recognise
 * and word them.
 * - booking_not_found, property_not_found: no such booking or property, or another operator's;
 * - entry_does_not_fit_ledger: a ledger entry that its ledger refuses (a refund above what was paid, a
 *   correction above what is left of its entry), in the message's words;
 * - the payment codes of PAYMENT_ERROR_CODES;
 * - request_not_found: no request has this page's token (the same words for every token);
 * - check_in_not_open: a check-in of a stay not confirmed yet;
 * - check_in_stay_cancelled, check_in_stay_over: a check-in of a stay cancelled, or over (completed, or
 *   past its check-out day);
 * - checked_in_already: a second check-in of a stay (one is taken, then kept as sent);
 * - check_in_guests_miscounted: not one form per guest of the booking.
 */
export const DOMAIN_ERROR_CODES = [
  'booking_not_found',
  'property_not_found',
  'entry_does_not_fit_ledger',
  ...PAYMENT_ERROR_CODES,
  'request_not_found',
  'check_in_not_open',
  'check_in_stay_cancelled',
  'check_in_stay_over',
  'checked_in_already',
  'check_in_guests_miscounted',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];
