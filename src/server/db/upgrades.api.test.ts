import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { listTestDatabaseKinds } from '../test/test-database';
import { isOverlapError } from './errors';
import { openDatabaseBefore } from '../test/upgrade-database';

type Upgraded = Awaited<ReturnType<typeof openDatabaseBefore>>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Upgrading a database that holds data from an earlier version: nothing is lost, nothing refused. */
describe.each(listTestDatabaseKinds())('upgrades of a database in use [%s]', (kind) => {
  let database: Upgraded | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('keeps a completed stay whose nights were sold again, and from then on completed stays hold their nights', async () => {
    database = await openDatabaseBefore(kind, '0018_booking_counts_lock_order');
    const { db } = database;
    const [operator] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into operators (email, password_hash) values ('old@example.com', 'x') returning id`,
      ),
    );
    const [property] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into properties (name, address, city, country, owner_id) values ('Villa', 'Road', 'Pune', 'India', ${operator!.id}) returning id`,
      ),
    );
    // Completed before its check-out under the old rule, then its last nights sold to another guest.
    const insertStay = (checkIn: string, checkOut: string, status: string) =>
      db.execute(
        sql`insert into bookings (property_id, guest_name, guest_email, check_in, check_out, status) values (${property!.id}, 'Guest', 'g@example.com', ${checkIn}, ${checkOut}, ${status})`,
      );
    await insertStay('2027-01-10', '2027-01-15', 'completed');
    await insertStay('2027-01-13', '2027-01-16', 'confirmed');

    await database.upgrade();

    const stays = rowsOf<{ status: string; overlap_exempt: boolean }>(
      await db.execute(sql`select status, overlap_exempt from bookings order by check_in`),
    );
    expect(stays).toEqual([
      { status: 'completed', overlap_exempt: true },
      { status: 'confirmed', overlap_exempt: false },
    ]);
    await insertStay('2027-02-01', '2027-02-05', 'completed');
    await expect(insertStay('2027-02-04', '2027-02-06', 'pending')).rejects.toSatisfy(isOverlapError);
  });
});
