import { sql } from 'drizzle-orm';
import type { CheckInGuest, IdType } from '../../domain/check-in';
import { rowsOf, type Executor } from '../db/client';

// A guest's online check-in, as the public role sends and reads it.

/** A guest's row as the server encrypted it: the numbers are encrypted before they get here. */
export type EncryptedCheckInGuest = Omit<CheckInGuest, 'id_number' | 'form_c'> & {
  id_number_encrypted: string;
  form_c:
    | (Omit<NonNullable<CheckInGuest['form_c']>, 'visa_number'> & { visa_number_encrypted: string | null })
    | null;
};

export type SubmitOutcome =
  'done' | 'not_found' | 'not_confirmed' | 'cancelled' | 'over' | 'already' | 'count';

/** The guest's check-in of their own stay, through the one function the public role may call. */
export async function submitGuestCheckIn(
  db: Executor,
  input: { token: string; guests: EncryptedCheckInGuest[]; today: string },
): Promise<SubmitOutcome> {
  const rows = input.guests.map((guest) => ({
    full_name: guest.full_name,
    nationality: guest.nationality,
    address: guest.address,
    id_type: guest.id_type,
    id_number_encrypted: guest.id_number_encrypted,
    expected_arrival_time: guest.expected_arrival_time,
    ...(guest.form_c ?? {}),
  }));
  const result = await db.execute(
    sql`select submit_guest_check_in(${input.token}, ${JSON.stringify(rows)}::jsonb, ${input.today}::date) as outcome`,
  );
  return rowsOf<{ outcome: SubmitOutcome }>(result)[0]!.outcome;
}

export type GuestCheckInRow = {
  position: number;
  full_name: string;
  nationality: string;
  address: string;
  id_type: IdType;
  id_number_encrypted: string;
  expected_arrival_time: string;
  submitted_at: Date;
};

export async function findGuestCheckIn(db: Executor, token: string): Promise<GuestCheckInRow[]> {
  const result = await db.execute(sql`select * from find_guest_check_in(${token})`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    position: Number(row.out_position),
    full_name: String(row.out_full_name),
    nationality: String(row.out_nationality),
    address: String(row.out_address),
    id_type: row.out_id_type as IdType,
    id_number_encrypted: String(row.out_id_number_encrypted),
    expected_arrival_time: String(row.out_expected_arrival_time),
    submitted_at: new Date(row.out_submitted_at as string),
  }));
}
