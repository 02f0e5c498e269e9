import type { DomainError } from '../../domain/domain-error';
import { type DomainErrorCode } from '../../domain/domain-error';
import { encodeAmountParams } from '../../domain/wire-amount';
import { toErrorBody } from './http-error';

/** The HTTP status of each refusal of the domain: the one place where a code becomes a status. */
const ERROR_STATUSES: Record<DomainErrorCode, number> = {
  booking_not_found: 404,
  property_not_found: 404,
  entry_does_not_fit_ledger: 409,
  duplicate_reference: 409,
  gateway_payment_recorded: 409,
  payment_above_balance: 409,
  balance_changed: 409,
  entry_not_voidable: 409,
  entry_not_found: 404,
  payment_status_by_hand: 409,
  total_not_known: 409,
  channel_collects_payment: 409,
  nothing_left_to_pay: 409,
  razorpay_not_set_up: 409,
  no_razorpay_payment: 409,
  refund_above_payment: 409,
  refund_refused: 409,
  refund_not_found: 404,
  bookings_closed: 404,
  too_many_guests: 400,
  min_nights: 400,
  max_nights: 400,
  check_in_day: 400,
  min_advance: 400,
  max_advance: 400,
  total_too_large: 400,
  nights_unavailable: 409,
  price_changed: 409,
  pending_limit_network: 429,
  pending_limit_email: 429,
  pending_limit_nights: 429,
  request_key_reused: 422,
  status_change_not_allowed: 409,
  stay_not_ended: 409,
  booking_changed_meanwhile: 409,
  request_not_found: 404,
  check_in_not_open: 409,
  check_in_stay_cancelled: 409,
  check_in_stay_over: 409,
  checked_in_already: 409,
  check_in_guests_miscounted: 400,
  invoice_not_found: 404,
  sample_not_invoiced: 409,
  stay_not_invoiceable: 409,
  invoice_details_missing: 409,
  invoice_already_issued: 409,
  invoice_amount_required: 400,
  invoice_amount_not_taken: 400,
  nothing_to_invoice: 409,
  recipient_address_required: 400,
  invoice_numbers_used_up: 409,
  text_not_printable: 400,
  credit_note_of_credit_note: 409,
  credit_note_above_invoice: 409,
  credit_note_before_invoice: 409,
  payment_status_not_entered: 400,
  channel_holds_nights: 409,
  invalid_stay: 400,
  channel_price: 409,
  settled_stay: 409,
  quote_changed: 409,
  reason_required: 400,
  pricing_with_total: 400,
  nothing_to_reprice: 400,
  channel_terms: 409,
  confirmed_stay_in_past: 400,
};

/**
 * A refusal as the API answers it: its status, and a body with the English message, the code and its
 * parameters, the parameters also beside the message as the API gave them before codes (published fields).
 */
export function answerDomainError(error: DomainError) {
  const params = encodeAmountParams(error.params) as Record<string, unknown>;
  return {
    statusCode: ERROR_STATUSES[error.code],
    body: toErrorBody(error.message, { ...params, code: error.code, params }),
  };
}
