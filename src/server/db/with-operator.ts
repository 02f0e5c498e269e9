import { sql } from 'drizzle-orm';
import type { AuditActor } from '../../domain/audit';
import type { Db, Tx } from './client';

export const APP_ROLE = 'villa_app';

/** Declares who the transaction's changes are made by (and, optionally, which one of them). */
export async function declareActor(tx: Tx, actor: AuditActor, actorId?: string): Promise<void> {
  await tx.execute(
    sql`select set_config('app.actor', ${actor}, true), set_config('app.actor_id', ${actorId ?? ''}, true)`,
  );
}

/**
 * Tells the database the time now by the server's clock (app_now() reads it) for the rest of the
 * transaction: what the database stamps here (the audit log's time, so the day a stay was confirmed) or
 * compares with now (a payment link's expiry) then agrees with the server's own rules, also when a test
 * freezes that clock.
 */
export async function declareClock(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`select set_config('app.now', ${now.toISOString()}, true)`);
}

/**
 * Runs `work` in a transaction as the non-owner role `villa_app`, acting for one operator: row-level
 * security then limits every query to that operator's properties, bookings and calendar rows.
 */
export function withOperator<T>(
  db: Db,
  operatorId: string,
  work: (tx: Tx) => Promise<T>,
  actor: AuditActor = 'operator',
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.operator_id', ${operatorId}, true),
        set_config('app.actor', ${actor}, true), set_config('app.actor_id', ${actor === 'operator' ? operatorId : ''}, true)`,
    );
    return work(tx);
  });
}

export const GUEST_ROLE = 'villa_guest';

/**
 * Runs `work` in a transaction as `villa_guest`, the role of anonymous requests from the public site:
 * it reads availability without guest data and can only insert a pending, unpaid, direct booking.
 */
export function withGuest<T>(db: Db, work: (tx: Tx) => Promise<T>, network?: string): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${GUEST_ROLE}, true), set_config('app.actor', 'guest', true),
        set_config('app.actor_id', ${network ?? ''}, true)`,
    );
    return work(tx);
  });
}

/**
 * Serialises the transactions that decide a property's open nights (a guest's request, a calendar
 * edit), so that a day closed by the operator cannot be booked by a request that read it as open.
 * The lock is held until the transaction ends.
 */
export async function lockPropertyNights(tx: Tx, propertyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${propertyId}))`);
}
