import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/queries';
import { createTestDatabase, listTestDatabaseKinds, type TestDatabase } from '../test/test-database';
import { insertTestBooking, insertTestCalendarDay, insertTestProperty, uniqueEmail } from '../test/test-app';
import { openPglite } from './client';
import { bookings } from './schema';
import { describeDatabaseRefusal, findPgError, isOverlapError } from './errors';
import { waitUntil } from '../../test/wait-until';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';

/** The rules the database itself enforces, whatever the application code does. */
describe.each(listTestDatabaseKinds())('database rules [%s]', (kind) => {
  let database: TestDatabase;
  let propertyId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const operator = await upsertOperator(database.db, {
      email: uniqueEmail(),
      password: 'irrelevant-password',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    propertyId = (await insertTestProperty(database, operator.id)).id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A stay of the test property; only its dates and status matter to these rules. */
  const insertStay = (
    check_in: string,
    check_out: string,
    status: 'pending' | 'confirmed' | 'completed' | 'cancelled',
  ) => insertTestBooking(database, propertyId, { check_in, check_out, status });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('rejects overlapping pending or confirmed stays of one property', async () => {
    await insertStay('2027-03-10', '2027-03-15', 'confirmed');
    for (const [check_in, check_out] of [
      ['2027-03-10', '2027-03-15'],
      ['2027-03-14', '2027-03-16'],
      ['2027-03-01', '2027-03-11'],
      ['2027-03-11', '2027-03-12'],
    ] as const) {
      const error = await refusal(insertStay(check_in, check_out, 'pending'));
      expect(isOverlapError(error), `${check_in}..${check_out}`).toBe(true);
      expect(describeDatabaseRefusal(error)).toEqual({
        statusCode: 409,
        message: 'Those dates are no longer available',
      });
    }
  });

  it('lets a stay begin on the day another ends (half-open stays)', async () => {
    await insertStay('2027-04-01', '2027-04-05', 'confirmed');
    await expect(insertStay('2027-04-05', '2027-04-07', 'confirmed')).resolves.toBeDefined();
    await expect(insertStay('2027-03-30', '2027-04-01', 'pending')).resolves.toBeDefined();
  });

  it('counts completed stays like confirmed ones: their nights are never sold again', async () => {
    const stay = await insertStay('2027-07-10', '2027-07-14', 'confirmed');
    await database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, stay.id));
    for (const status of ['pending', 'confirmed', 'completed'] as const) {
      expect(isOverlapError(await refusal(insertStay('2027-07-12', '2027-07-16', status))), status).toBe(
        true,
      );
    }
    await expect(insertStay('2027-07-14', '2027-07-16', 'pending')).resolves.toBeDefined();
  });

  it('lets cancelled stays free their nights', async () => {
    await insertStay('2027-05-01', '2027-05-05', 'cancelled');
    await expect(insertStay('2027-05-02', '2027-05-04', 'confirmed')).resolves.toBeDefined();
  });

  it.each([
    [{ check_in: '2027-06-05', check_out: '2027-06-05' }, 'bookings_dates_check'],
    [{ check_in: '2027-06-05', check_out: '2027-06-01' }, 'bookings_dates_check'],
    [{ guests_count: 0 }, 'bookings_guests_count_check'],
    [{ total_amount: -1 }, 'bookings_total_amount_check'],
    [{ status: 'lost' }, 'bookings_status_check'],
    [{ booking_source: 'expedia' }, 'bookings_booking_source_check'],
  ])('checks booking values: %o', async (values, constraint) => {
    const error = await refusal(
      insertTestBooking(database, propertyId, {
        check_in: '2027-06-20',
        check_out: '2027-06-21',
        status: 'cancelled',
        // Values the column types refuse on purpose: the database must refuse them too.
        ...(values as object),
      }),
    );
    expect(findPgError(error)).toMatchObject({ code: '23514', constraint });
    expect(describeDatabaseRefusal(error)?.statusCode).toBe(400);
  });

  it('derives payment_status from the ledger: a value set by hand, even one the check refuses, is replaced', async () => {
    const booking = await insertTestBooking(database, propertyId, {
      check_in: '2027-06-22',
      check_out: '2027-06-23',
      status: 'cancelled',
      payment_status: 'maybe' as 'paid',
    });
    expect(booking.payment_status).toBe('unpaid');
    const channel = await insertTestBooking(database, propertyId, {
      check_in: '2027-06-23',
      check_out: '2027-06-24',
      status: 'cancelled',
      booking_source: 'airbnb',
      payment_status: 'paid',
    });
    expect(channel.payment_status).toBe('channel');
  });

  it.each([
    [{ property_type: 'castle' }, 'properties_property_type_check'],
    [{ bedrooms: 0 }, 'properties_bedrooms_check'],
    [{ max_guests: -1 }, 'properties_max_guests_check'],
    [{ base_price: -0.01 }, 'properties_base_price_check'],
  ])('checks property values: %o', async (values, constraint) => {
    const operator = await upsertOperator(database.db, {
      email: uniqueEmail(),
      password: 'irrelevant-password',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const error = await refusal(insertTestProperty(database, operator.id, values as object));
    expect(findPgError(error)).toMatchObject({ code: '23514', constraint });
  });

  it('keeps one calendar row per property and date', async () => {
    await insertTestCalendarDay(database, propertyId, { date: '2027-07-01', is_available: false });
    const error = await refusal(
      insertTestCalendarDay(database, propertyId, { date: '2027-07-01', price: 10 }),
    );
    expect(findPgError(error)?.code).toBe('23505');
  });

  it('refuses a booking of a property that does not exist', async () => {
    const error = await refusal(insertTestBooking(database, '6f1c1d2e-0b7a-4c1e-9d55-3a2b1c0d9e8f'));
    expect(findPgError(error)?.code).toBe('23503');
  });

  it("keeps each property's number of bookings through inserts, deletes and moves", async () => {
    const operator = await upsertOperator(database.db, {
      email: uniqueEmail(),
      password: 'irrelevant-password',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const first = (await insertTestProperty(database, operator.id)).id;
    const second = (await insertTestProperty(database, operator.id)).id;
    const counted = async () => {
      const result = await database.db.execute<{ property_id: string; total: number; actual: number }>(sql`
        select c.property_id, c.total, (select count(*)::int from bookings b where b.property_id = c.property_id) as actual
        from property_booking_counts c where c.property_id in (${first}, ${second})`);
      const rows = (result as unknown as { rows: { property_id: string; total: number; actual: number }[] })
        .rows;
      for (const row of rows) expect(row.total, 'kept count against count(*)').toBe(row.actual);
      return Object.fromEntries(
        rows.map((row) => [row.property_id === first ? 'first' : 'second', row.total]),
      );
    };
    expect(await counted()).toEqual({});

    // One statement over both properties, then single inserts.
    await database.db.insert(bookings).values(
      [first, first, second].map((property_id, index) => ({
        property_id,
        guest_name: 'Guest',
        guest_email: 'guest@example.com',
        check_in: `2028-01-0${index + 1}`,
        check_out: `2028-01-0${index + 2}`,
      })),
    );
    const moved = await insertTestBooking(database, first, {
      check_in: '2028-02-01',
      check_out: '2028-02-03',
    });
    expect(await counted()).toEqual({ first: 3, second: 1 });

    await database.db.update(bookings).set({ property_id: second }).where(eq(bookings.id, moved.id));
    expect(await counted()).toEqual({ first: 2, second: 2 });
    // An update that leaves the property alone changes nothing.
    await database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.property_id, first));
    expect(await counted()).toEqual({ first: 2, second: 2 });

    await database.db.delete(bookings).where(inArray(bookings.property_id, [first, second]));
    expect(await counted()).toEqual({ first: 0, second: 0 });
  });

  /** The kept count and count(*) of each of these properties' bookings, which must agree. */
  const readCounts = async (propertyIds: string[]) => {
    const result = await database.db.execute(sql`
      select p.id as property_id, coalesce(c.total, 0)::int as total,
        (select count(*)::int from bookings b where b.property_id = p.id) as actual
      from properties p left join property_booking_counts c on c.property_id = p.id
      where p.id in (${sql.join(propertyIds, sql`, `)})`);
    const rows = (result as unknown as { rows: { property_id: string; total: number; actual: number }[] })
      .rows;
    for (const row of rows) expect(row.total, 'kept count against count(*)').toBe(row.actual);
    return propertyIds.map((id) => rows.find((row) => row.property_id === id)?.total);
  };

  it('keeps the counts, without deadlock, while one transaction inserts and another deletes across the same properties', async () => {
    const operator = await upsertOperator(database.db, {
      email: uniqueEmail(),
      password: 'irrelevant-password',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    // Four properties: a delete taking their rows in its plan's order rather than in property order (as
    // 0017's did) took a later one first, and deadlocked here, in about one run in three.
    const properties = await Promise.all(
      [1, 2, 3, 4].map(async () => (await insertTestProperty(database, operator.id)).id),
    );
    properties.sort();
    const old = await Promise.all(
      properties.map((property, index) =>
        insertTestBooking(database, property, {
          check_in: `2029-01-0${index + 1}`,
          check_out: `2029-01-0${index + 2}`,
        }),
      ),
    );
    // The inserting transaction holds the first property's row while the delete starts, then wants the
    // last one's; the delete must wait for the first row before it takes any other.
    const stay = (property_id: string) => ({
      property_id,
      guest_name: 'Guest',
      guest_email: 'guest@example.com',
      check_in: '2029-02-01',
      check_out: '2029-02-02',
    });
    let firstInserted = false;
    const inserting = database.db.transaction(async (tx) => {
      await tx.insert(bookings).values(stay(properties[0]!));
      firstInserted = true;
      // PostgreSQL: the row is held until the delete waits on it (the embedded database runs one
      // transaction at a time, so there the delete simply comes after).
      if (kind === 'postgres')
        await waitUntil(async () => {
          const waiting = await database.db.execute(
            sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return (waiting as unknown as { rows: unknown[] }).rows.length > 0;
        });
      await tx.insert(bookings).values(stay(properties[3]!));
    });
    await waitUntil(() => firstInserted);
    const deleting = database.db.delete(bookings).where(
      inArray(
        bookings.id,
        old.map((booking) => booking.id),
      ),
    );
    await Promise.all([inserting, deleting]);
    expect(await readCounts(properties)).toEqual([1, 0, 0, 1]);
  });

  it('empties the counts when the bookings are truncated (which fires no delete trigger)', async () => {
    const operator = await upsertOperator(database.db, {
      email: uniqueEmail(),
      password: 'irrelevant-password',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const property = (await insertTestProperty(database, operator.id)).id;
    await insertTestBooking(database, property, { check_in: '2029-03-01', check_out: '2029-03-02' });
    expect(await readCounts([property])).toEqual([1]);
    await database.db.execute(sql`truncate bookings cascade`);
    expect(await readCounts([property])).toEqual([0]);
    const kept = await database.db.execute(sql`select count(*)::int as n from property_booking_counts`);
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('runs its migrations a second time as a no-op', async () => {
    await expect(database.migrate()).resolves.toMatchObject({ result: 'current' });
  });
});

describe('the embedded database on disk', () => {
  it('keeps its data directory to its owner, as PostgreSQL does (password hashes and guests are in it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'villa-data-'));
    try {
      const dataDir = join(dir, 'data');
      const database = await openPglite({ dataDir });
      await database.close();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
