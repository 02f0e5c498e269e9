import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinorUnits } from '../../domain/money';
import { describeDatabaseRefusal, findPgError } from '../db/errors';
import { bookings, payments } from '../db/schema';
import { withOperator } from '../db/with-operator';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

/** The ledger's rules as the database keeps them, whoever writes: the application role or the owner. */
describe.each(listTestDatabaseKinds())('the payment ledger in the database [%s]', (kind) => {
  let context: TestContext;
  let operatorId: string;
  let propertyId: string;
  beforeAll(async () => {
    context = await createTestContext(kind);
    operatorId = (await context.createSignedInOperator()).id;
    propertyId = (await insertTestProperty(context.database, operatorId, { currency: 'INR' })).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  let day = 0;
  const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}) => {
    day += 3;
    const checkIn = new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10);
    const checkOut = new Date(Date.UTC(2027, 0, 2 + day)).toISOString().slice(0, 10);
    return insertTestBooking(context.database, propertyId, {
      currency: 'INR',
      total_amount: 1000,
      check_in: checkIn,
      check_out: checkOut,
      ...values,
    });
  };
  const entry = (bookingId: string, values: Partial<typeof payments.$inferInsert> = {}) => ({
    booking_id: bookingId,
    kind: 'payment' as const,
    amount: toMinorUnits(400),
    currency: 'INR',
    method: 'cash' as const,
    received_on: '2026-11-20',
    ...values,
  });
  const insertAsOwner = async (values: typeof payments.$inferInsert) => {
    const [row] = await context.database.db.insert(payments).values(values).returning();
    return row!;
  };
  const statusOf = async (bookingId: string) =>
    (
      await context.database.db
        .select({ status: bookings.payment_status })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
    )[0]?.status;

  it('refuses to change or delete an entry: the application role has no grant, the owner meets a trigger', async () => {
    const stay = await addStay();
    const row = await insertAsOwner(entry(stay.id));
    for (const statement of [
      sql`update payments set amount = 1 where id = ${row.id}`,
      sql`delete from payments where id = ${row.id}`,
    ]) {
      const asApp = await refusal(
        withOperator(context.database.db, operatorId, (tx) => tx.execute(statement)),
      );
      expect(findPgError(asApp)).toMatchObject({ code: '42501' });
      expect(findPgError(asApp)?.message).toMatch(/permission denied/);
      const asOwner = await refusal(context.database.db.execute(statement));
      expect(findPgError(asOwner)?.message).toBe(
        'Ledger entries are never changed or deleted; record a correcting entry instead',
      );
    }
    const [kept] = await context.database.db.select().from(payments).where(eq(payments.id, row.id));
    expect(kept).toEqual(row);
  });

  it("derives the booking's payment status from each insert, whoever writes, and replaces one set by hand", async () => {
    const stay = await addStay();
    await insertAsOwner(entry(stay.id));
    expect(await statusOf(stay.id)).toBe('partial');
    await context.database.db
      .update(bookings)
      .set({ payment_status: 'paid' })
      .where(eq(bookings.id, stay.id));
    expect(await statusOf(stay.id)).toBe('partial');
    await insertAsOwner(entry(stay.id, { amount: toMinorUnits(600) }));
    expect(await statusOf(stay.id)).toBe('paid');
    // A higher total makes it partly paid again.
    await context.database.db
      .update(bookings)
      .set({ total_amount: toMinorUnits(1500) })
      .where(eq(bookings.id, stay.id));
    expect(await statusOf(stay.id)).toBe('partial');
  });

  it("keeps an entry in its booking's currency and refunds within what was paid, even for the owner", async () => {
    const stay = await addStay();
    const currency = await refusal(insertAsOwner(entry(stay.id, { currency: 'AED' })));
    expect(findPgError(currency)).toMatchObject({
      code: '23514',
      constraint: 'payments_currency_matches_booking',
    });
    expect(describeDatabaseRefusal(currency)).toEqual({
      statusCode: 400,
      message: "A payment is recorded in its booking's currency",
    });
    await insertAsOwner(entry(stay.id));
    const tooMuch = await refusal(
      insertAsOwner(entry(stay.id, { kind: 'refund', amount: toMinorUnits(400.01) })),
    );
    expect(findPgError(tooMuch)).toMatchObject({ constraint: 'payments_refund_within_paid' });
    const returned = await refusal(insertAsOwner(entry(stay.id, { kind: 'security_deposit_returned' })));
    expect(findPgError(returned)).toMatchObject({ constraint: 'payments_returned_within_held' });
    const zero = await refusal(insertAsOwner(entry(stay.id, { amount: toMinorUnits(0) })));
    expect(findPgError(zero)).toMatchObject({ constraint: 'payments_amount_check' });
  });

  it('records a gateway payment id once, however many deliveries insert it at once', async () => {
    const stay = await addStay({ total_amount: 100_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        context.database.db
          .insert(payments)
          .values(entry(stay.id, { method: 'razorpay', gateway_payment_id: 'pay_TESTONCE0001' }))
          .onConflictDoNothing({ target: payments.gateway_payment_id })
          .returning(),
      ),
    );
    const inserted = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    expect(inserted).toHaveLength(1);
    const rows = await context.database.db
      .select()
      .from(payments)
      .where(eq(payments.gateway_payment_id, 'pay_TESTONCE0001'));
    expect(rows).toHaveLength(1);
  });

  it("holds the operator to their own properties' bookings and to entries in their own name", async () => {
    const other = await context.createSignedInOperator();
    const stay = await addStay();
    const theirs = await refusal(
      withOperator(context.database.db, other.id, (tx) =>
        tx.insert(payments).values({ ...entry(stay.id), created_by: other.id }),
      ),
    );
    expect(findPgError(theirs)?.message).toMatch(/row-level security/);
    const forged = await refusal(
      withOperator(context.database.db, operatorId, (tx) =>
        tx.insert(payments).values({ ...entry(stay.id), created_by: other.id }),
      ),
    );
    expect(findPgError(forged)?.message).toMatch(/row-level security/);
    await insertAsOwner(entry(stay.id));
    const seen = await withOperator(context.database.db, other.id, (tx) =>
      tx.select().from(payments).where(eq(payments.booking_id, stay.id)),
    );
    expect(seen).toEqual([]);
  });

  it('removes sample bookings with their made-up ledgers, and nothing else', async () => {
    const sample = await addStay({ is_sample: true });
    await insertAsOwner(entry(sample.id));
    const removed = await withOperator(context.database.db, operatorId, (tx) =>
      tx.execute(sql`select remove_sample_bookings() as removed`),
    );
    expect((removed as unknown as { rows: { removed: number }[] }).rows[0]?.removed).toBe(1);
    expect(
      await context.database.db.select().from(payments).where(eq(payments.booking_id, sample.id)),
    ).toEqual([]);
  });
});
