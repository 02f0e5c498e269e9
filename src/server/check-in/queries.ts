import { and, asc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { GuestRegisterQuery } from '../../domain/check-in';
import { rowsOf, type Executor } from '../db/client';
import { auditEvents, bookings, guestCheckIns, properties } from '../db/schema';

/** The most guests one answer of the register carries; a longer one is refused, never cut short. */
export const REGISTER_MAX_GUESTS = 5000;

/**
 * The register's rows (row-level security keeps them to the operator's), by stay, then guest: at most one
 * more than REGISTER_MAX_GUESTS, so the caller knows when there are more.
 */
export async function listRegisterRows(db: Executor, query: GuestRegisterQuery) {
  const conditions: (SQL | undefined)[] = [
    query.property ? eq(guestCheckIns.property_id, query.property) : undefined,
    query.booking ? eq(guestCheckIns.booking_id, query.booking) : undefined,
    query.from ? gt(bookings.check_out, query.from) : undefined,
    query.to ? lt(bookings.check_in, query.to) : undefined,
    query.form_c === 'pending'
      ? and(ne(guestCheckIns.nationality, 'IN'), isNull(guestCheckIns.form_c_filed_at))
      : undefined,
  ];
  return db
    .select({
      guest: guestCheckIns,
      booking: {
        id: bookings.id,
        check_in: bookings.check_in,
        check_out: bookings.check_out,
        status: bookings.status,
        guest_name: bookings.guest_name,
      },
      property: {
        id: properties.id,
        name: properties.name,
        address: properties.address,
        city: properties.city,
      },
    })
    .from(guestCheckIns)
    .innerJoin(bookings, eq(bookings.id, guestCheckIns.booking_id))
    .innerJoin(properties, eq(properties.id, guestCheckIns.property_id))
    .where(and(...conditions))
    .orderBy(asc(bookings.check_in), asc(bookings.id), asc(guestCheckIns.position))
    .limit(REGISTER_MAX_GUESTS + 1);
}

export type RegisterRow = Awaited<ReturnType<typeof listRegisterRows>>[number];

/**
 * Records in the audit log that the operator read these guests' ID, passport or visa numbers in full, and
 * why ('register', 'csv', 'form_c'), or that they filed a Form C; the rows' values never go there.
 */
export async function recordCheckInEvent(
  db: Executor,
  input: { ids: string[]; action: 'read' | 'update'; detail: Record<string, unknown> },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  const result = await db.execute(
    sql`select record_guest_check_in_event(${`{${input.ids.join(',')}}`}::uuid[], ${input.action}, ${JSON.stringify(input.detail)}::jsonb) as count`,
  );
  return Number(rowsOf<{ count: number }>(result)[0]!.count);
}

/** Records a Form C's filing; the guest's row, or undefined when it is not the operator's. */
export async function markFormCFiled(
  db: Executor,
  input: { guestId: string; reference: string; operatorId: string; at: Date },
) {
  const [row] = await db
    .update(guestCheckIns)
    .set({ form_c_reference: input.reference, form_c_filed_at: input.at, form_c_filed_by: input.operatorId })
    .where(eq(guestCheckIns.id, input.guestId))
    .returning({ id: guestCheckIns.id });
  return row;
}

export async function findCheckInGuest(db: Executor, guestId: string) {
  const [row] = await db.select().from(guestCheckIns).where(eq(guestCheckIns.id, guestId));
  return row;
}

/**
 * Deletes the check-ins of stays that ended `retentionDays` or more before `today` (as the owner: the
 * retention job), recording each deletion in the audit log without the guest's details. Only those: a
 * stay still within its period keeps every row.
 */
export async function deleteExpiredCheckIns(
  db: Executor,
  input: { today: string; retentionDays: number; limit: number },
): Promise<number> {
  const due = await db
    .select({ id: guestCheckIns.id })
    .from(guestCheckIns)
    .innerJoin(bookings, eq(bookings.id, guestCheckIns.booking_id))
    .where(sql`${bookings.check_out} + ${input.retentionDays}::int <= ${input.today}::date`)
    .limit(input.limit);
  if (due.length === 0) return 0;
  const ids = due.map((row) => row.id);
  const removed = await db.delete(guestCheckIns).where(inArray(guestCheckIns.id, ids)).returning({
    id: guestCheckIns.id,
    booking_id: guestCheckIns.booking_id,
    property_id: guestCheckIns.property_id,
    position: guestCheckIns.position,
  });
  if (removed.length === 0) return 0;
  const owners = await db
    .select({ id: properties.id, owner_id: properties.owner_id })
    .from(properties)
    .where(inArray(properties.id, [...new Set(removed.map((row) => row.property_id))]));
  const ownerOf = new Map(owners.map((row) => [row.id, row.owner_id]));
  await db.insert(auditEvents).values(
    removed.map((row) => ({
      operator_id: ownerOf.get(row.property_id) ?? null,
      actor: 'system',
      entity_type: 'guest_check_in',
      entity_id: row.id,
      property_id: row.property_id,
      action: 'delete',
      before: {
        booking_id: row.booking_id,
        position: row.position,
        reason: `retention (${input.retentionDays} days)`,
      },
      after: null,
    })),
  );
  return removed.length;
}

/** A key id the stored numbers name (`v1.<key id>.…`), and how many numbers name it. */
export type StoredKeyId = { id: string; values: number };

/** Every key id the stored ID, passport and visa numbers name (as the owner: every operator's guests). */
export async function listStoredKeyIds(db: Executor): Promise<StoredKeyId[]> {
  // A database from before online check-in (an upgrade test builds the app on one) holds no numbers.
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('guest_check_ins') is not null as present`),
  );
  if (!table?.present) return [];
  const result = await db.execute(sql`
    select key_id as id, count(*)::int as values from (
      select split_part(id_number_encrypted, '.', 2) as key_id from guest_check_ins
      union all
      select split_part(visa_number_encrypted, '.', 2) from guest_check_ins where visa_number_encrypted is not null
    ) as stored group by key_id order by key_id`);
  return rowsOf<StoredKeyId>(result).map((row) => ({ id: String(row.id), values: Number(row.values) }));
}

/**
 * Up to `limit` rows after `after` (by id) that hold a number another key than `keyId` wrote, locked until
 * the transaction ends, for re-encryption.
 */
export async function lockRowsNotUnderKey(
  db: Executor,
  input: { keyId: string; after: string | null; limit: number },
) {
  const notUnder = (
    column: typeof guestCheckIns.id_number_encrypted | typeof guestCheckIns.visa_number_encrypted,
  ) => sql`split_part(${column}, '.', 2) <> ${input.keyId}`;
  return db
    .select({
      id: guestCheckIns.id,
      id_number_encrypted: guestCheckIns.id_number_encrypted,
      visa_number_encrypted: guestCheckIns.visa_number_encrypted,
    })
    .from(guestCheckIns)
    .where(
      and(
        input.after ? gt(guestCheckIns.id, input.after) : undefined,
        sql`(${notUnder(guestCheckIns.id_number_encrypted)} or ${notUnder(guestCheckIns.visa_number_encrypted)})`,
      ),
    )
    .orderBy(asc(guestCheckIns.id))
    .limit(input.limit)
    .for('update');
}

/** Replaces a guest's encrypted numbers (the same numbers, under another key). */
export async function updateEncryptedNumbers(
  db: Executor,
  input: { id: string; id_number_encrypted: string; visa_number_encrypted: string | null },
): Promise<void> {
  await db
    .update(guestCheckIns)
    .set({
      id_number_encrypted: input.id_number_encrypted,
      visa_number_encrypted: input.visa_number_encrypted,
    })
    .where(eq(guestCheckIns.id, input.id));
}
