import type { CheckInGuest } from '../../domain/check-in';
import { DomainError, type DomainErrorCode } from '../../domain/domain-error';
import { REQUEST_NOT_FOUND } from '../../domain/message';
import type { Tx } from '../db/client';
import {
  findGuestCheckIn,
  submitGuestCheckIn,
  type EncryptedCheckInGuest,
  type GuestCheckInRow,
  type SubmitOutcome,
} from '../store/check-in';
import { findGuestRequest, type GuestRequestRow } from '../store/request-links';

export type SubmittedCheckIn = { stay: GuestRequestRow; rows: GuestCheckInRow[] };

/** Why the database refused a check-in, as the guest is told. */
const REFUSALS: Record<Exclude<SubmitOutcome, 'done'>, [DomainErrorCode, string]> = {
  not_found: ['request_not_found', REQUEST_NOT_FOUND],
  not_confirmed: ['check_in_not_open', 'Online check-in opens once your stay is confirmed.'],
  cancelled: ['check_in_stay_cancelled', 'This stay is cancelled: online check-in is closed.'],
  over: ['check_in_stay_over', 'This stay is over: online check-in is closed.'],
  already: ['checked_in_already', 'You have checked in already. Write to us if something needs correcting.'],
  count: ['check_in_guests_miscounted', 'Check in each guest of the booking: one form per guest.'],
};

/**
 * The guest checks in their stay, by its request page's token: one form per guest, once. The forms come
 * checked against the stay; their ID, passport and visa numbers are encrypted here with `encrypt` (the
 * server's current key), so no number reaches the store in the clear. The database decides, with the stay
 * locked, whether check-in is open. Nothing follows from it (no message), so no event is written.
 */
export async function submitCheckIn(
  tx: Tx,
  input: {
    token: string;
    guests: CheckInGuest[];
    encrypt: (plain: string) => string;
    today: string;
  },
): Promise<SubmittedCheckIn> {
  const guests: EncryptedCheckInGuest[] = input.guests.map(({ id_number, form_c, ...guest }) => ({
    ...guest,
    id_number_encrypted: input.encrypt(id_number),
    form_c: form_c && {
      ...form_c,
      visa_number: undefined,
      visa_number_encrypted: form_c.visa_number ? input.encrypt(form_c.visa_number) : null,
    },
  }));
  const outcome = await submitGuestCheckIn(tx, { token: input.token, guests, today: input.today });
  if (outcome !== 'done') throw new DomainError(...REFUSALS[outcome]);
  return { stay: (await findGuestRequest(tx, input.token))!, rows: await findGuestCheckIn(tx, input.token) };
}
