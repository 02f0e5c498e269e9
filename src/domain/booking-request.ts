/** Why the public site refuses a guest's request: the form shows these words as they are. */

export const BOOKINGS_CLOSED_MESSAGE =
  'We are not taking booking requests online at the moment. Please contact us to book.';

/** Why a request is refused while earlier ones wait for the operator. */
export const PENDING_LIMIT_MESSAGES = {
  network: (max: number) =>
    `There ${max === 1 ? 'is already a booking request' : `are already ${max} booking requests`} from your network waiting for our answer. We reply within two days; for anything urgent please contact us directly.`,
  email: (max: number) =>
    `You already have ${max === 1 ? 'a booking request' : `${max} booking requests`} waiting for our answer. We reply within two days; to change a request please contact us directly.`,
  nights:
    'We are holding as many dates for open requests as we can right now. Please try again in a day or two, or contact us directly.',
} as const;

export const REQUEST_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';
