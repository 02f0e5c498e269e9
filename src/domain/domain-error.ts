import { BACKUP_ERROR_CODES } from './backup';
import { REPRICE_ERROR_CODES } from './booking-reprice';
import { PAYMENT_ERROR_CODES } from './payment';
import { STAY_RULE_CODES } from './pricing';

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
 * - bookings_closed: the public site takes no requests (its property is inactive or missing);
 * - too_many_guests: more guests than the property sleeps (`max_guests`);
 * - the stay rules' codes of STAY_RULE_CODES: a stay its season's rules refuse, as the message says;
 * - total_too_large: a stay priced above a booking's cap (`total`, `max_total`, `currency`);
 * - nights_unavailable: a night of the stay is taken, closed or held by another request;
 * - price_changed: the price differs from the one the guest was quoted (`quote`, the price now);
 * - pending_limit_network, pending_limit_email: that many requests (`max`) from the guest's network or
 *   e-mail already wait for the operator; pending_limit_nights: open requests hold all the nights they may;
 * - request_key_reused: an Idempotency-Key sent before with a different request;
 * - status_change_not_allowed: a status the booking's cannot become (`from`, `to`);
 * - stay_not_ended: a stay marked completed before its check-out day (`check_out`);
 * - booking_changed_meanwhile: the booking's status changed between reading and writing it;
 * - request_not_found: no request has this page's token (the same words for every token);
 * - check_in_not_open: a check-in of a stay not confirmed yet;
 * - check_in_stay_cancelled, check_in_stay_over: a check-in of a stay cancelled, or over (completed, or
 *   past its check-out day);
 * - checked_in_already: a second check-in of a stay (one is taken, then kept as sent);
 * - check_in_guests_miscounted: not one form per guest of the booking;
 * - invoice_not_found: no such invoice, or another operator's;
 * - sample_not_invoiced: an invoice for a sample booking (made up to show the product);
 * - stay_not_invoiceable: an invoice for a stay neither confirmed nor completed (its booking_status given);
 * - invoice_details_missing: an invoice whose business profile or property lacks what it must name;
 * - invoice_already_issued: a second invoice while the booking's first has something left to credit;
 * - invoice_amount_required, invoice_amount_not_taken: a channel stay's invoice without the amount the
 *   channel paid, or a direct booking's with one (it is invoiced for its total);
 * - nothing_to_invoice: an invoice of a booking whose total is nothing;
 * - recipient_address_required: a tax invoice of ₹50,000 or more, to a guest without a GSTIN, naming no address;
 * - invoice_numbers_used_up: the financial year's numbers of the invoice prefix are all taken;
 * - text_not_printable: a text of a document that its PDF cannot print (the character and field given);
 * - credit_note_of_credit_note: a credit note against a credit note;
 * - credit_note_above_invoice: a credit note for more than its invoice has left to credit (or nothing left);
 * - credit_note_before_invoice: a credit note dated before the invoice it corrects;
 * - payment_status_not_entered: a stay entered by hand as partly paid or refunded (the ledger says those,
 *   with their amounts), or as collected by a channel that collects nothing;
 * - channel_holds_nights: a stay onto nights a channel holds (its reservation there, or nights closed there);
 * - the change quote's codes of REPRICE_ERROR_CODES (booking-reprice.ts, each with its meaning);
 * - channel_terms: a change of a channel's stay's dates or total (its channel gives them);
 * - confirmed_stay_in_past: a confirmed stay moved to end before today.
 */
export const DOMAIN_ERROR_CODES = [
  'booking_not_found',
  'property_not_found',
  'entry_does_not_fit_ledger',
  ...PAYMENT_ERROR_CODES,
  'bookings_closed',
  'too_many_guests',
  ...STAY_RULE_CODES,
  'total_too_large',
  'nights_unavailable',
  'price_changed',
  'pending_limit_network',
  'pending_limit_email',
  'pending_limit_nights',
  'request_key_reused',
  'status_change_not_allowed',
  'stay_not_ended',
  'booking_changed_meanwhile',
  'request_not_found',
  'check_in_not_open',
  'check_in_stay_cancelled',
  'check_in_stay_over',
  'checked_in_already',
  'check_in_guests_miscounted',
  'invoice_not_found',
  'sample_not_invoiced',
  'stay_not_invoiceable',
  'invoice_details_missing',
  'invoice_already_issued',
  'invoice_amount_required',
  'invoice_amount_not_taken',
  'nothing_to_invoice',
  'recipient_address_required',
  'invoice_numbers_used_up',
  'text_not_printable',
  'credit_note_of_credit_note',
  'credit_note_above_invoice',
  'credit_note_before_invoice',
  'payment_status_not_entered',
  'channel_holds_nights',
  // Among them too_many_guests again: the list names a code, a repeat changes nothing.
  ...REPRICE_ERROR_CODES,
  'channel_terms',
  'confirmed_stay_in_past',
  // The routes' own refusals, once HTTP errors, each with its meaning:
  // - sign_in_locked_out: too many failed sign-ins; try again in `minutes` (the Retry-After header says when);
  // - sign_in_failed: no operator with this e-mail and password (the same words for either mismatch);
  // - password_change_locked_out: too many wrong current passwords at the password form;
  // - wrong_current_password: the current password given is not the operator's (`field`);
  // - session_ended: no session of the operator's by that id (signed out already, or expired);
  // - preview_booking_not_found: a template's preview asked of a booking not of its property (or none);
  // - unknown_placeholders: a template naming placeholders there are none of (`placeholders`);
  // - no_operator_address: a test message with no operator's e-mail address to go to;
  // - message_sent_already: a scheduled message skipped after it was sent;
  // - message_not_skipped: a scheduled message restored that was not skipped;
  // - channel_not_found, conflict_not_found: no such channel connection or sync conflict, or another's;
  // - conflict_settled: a decision on a conflict already accepted, or gone obsolete (`status`);
  // - another_booking_overlaps: a channel's stay taken while a booking not shown with it overlaps it too;
  // - nights_held_by_another_booking: a stay restored onto nights another booking holds now;
  // - booking_no_longer_cancelled: a stay to restore that is no longer cancelled here;
  // - private_feed_address: a calendar address naming a private or local network's host (`host`);
  // - sync_running: a sync asked for while the calendar is being synced;
  // - register_too_large: a guest register longer than one answer carries (`max_guests`);
  // - guest_not_found: no such checked-in guest, or another operator's;
  // - form_c_for_indian_national: a Form C recorded for a guest of Indian nationality (it is for foreigners);
  // - availability_range_empty: an availability range whose end is not after its start;
  // - availability_range_too_long: an availability range of more days than the site books ahead (`max_days`);
  // - stay_dates_not_bookable: a quote of dates the site takes no request for (check-out not after
  //   check-in, in the past, too long, too far ahead), in checkStayDates' words;
  // - no_request_network: requests declined by the network of a booking that came from no request;
  // - message_not_found: no such message in the outbox, or another operator's;
  // - message_not_failed: a message sent again that has not failed (`status`, the one it has);
  // - request_not_withdrawable: a guest's withdrawal of a request no longer pending (`status`);
  // - the backups' codes of BACKUP_ERROR_CODES (backup.ts, each with its meaning);
  // - property_creation_forbidden: a property the database's row-level security refuses to create.
  'sign_in_locked_out',
  'sign_in_failed',
  'password_change_locked_out',
  'wrong_current_password',
  'session_ended',
  'preview_booking_not_found',
  'unknown_placeholders',
  'no_operator_address',
  'message_sent_already',
  'message_not_skipped',
  'channel_not_found',
  'conflict_not_found',
  'conflict_settled',
  'another_booking_overlaps',
  'nights_held_by_another_booking',
  'booking_no_longer_cancelled',
  'private_feed_address',
  'sync_running',
  'register_too_large',
  'guest_not_found',
  'form_c_for_indian_national',
  'availability_range_empty',
  'availability_range_too_long',
  'stay_dates_not_bookable',
  'no_request_network',
  'message_not_found',
  'message_not_failed',
  'request_not_withdrawable',
  ...BACKUP_ERROR_CODES,
  'property_creation_forbidden',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];
