import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outboxMessages, requestLinks } from '../db/schema';
import { createTestContext, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { lapseRequest } from '../store/request-links';
import { waitUntil } from '../../test/wait-until';

/**
 * A guest confirms their request at the very moment its time runs out, while a new request (or the lapse
 * job) releases it: whichever commits first wins, and never both. Only PostgreSQL runs transactions side by
 * side (the embedded database has one connection).
 */
describe.runIf(listTestDatabaseKinds().includes('postgres'))('a confirmation at the deadline', () => {
  let context: TestContext;
  let propertyId: string;
  let stay = 0;
  beforeAll(async () => {
    context = await createTestContext('postgres');
    const operator = await context.createSignedInOperator();
    propertyId = (await insertTestProperty(context.database, operator.id, { max_guests: 8 })).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  /** A request whose time to confirm runs out a second from now, and its e-mail's token. */
  async function requestRunningOut() {
    stay += 1;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      remoteAddress: `198.51.${stay}.1`,
      payload: {
        check_in: `2027-05-${String(stay * 3).padStart(2, '0')}`,
        check_out: `2027-05-${String(stay * 3 + 2).padStart(2, '0')}`,
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: `asha-${stay}@example.com`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [message] = await context.database.db
      .select({ token: outboxMessages.link_token, bookingId: outboxMessages.booking_id })
      .from(outboxMessages)
      .where(eq(outboxMessages.to_address, `asha-${stay}@example.com`));
    await context.database.db
      .update(requestLinks)
      .set({ confirm_by: sql`now() + interval '1 second'` })
      .where(eq(requestLinks.booking_id, message!.bookingId!));
    return { token: message!.token!, bookingId: message!.bookingId! };
  }

  /** Confirms in a transaction left open, until the time has run out and `release` waits on it. */
  async function raceConfirmationWith(token: string, bookingId: string, release: () => Promise<unknown>) {
    const guest = new pg.Client({ connectionString: context.database.url });
    await guest.connect();
    try {
      await guest.query('begin');
      const confirmed = await guest.query('select confirm_guest_request($1) as id', [token]);
      expect(confirmed.rows[0].id).toBe(bookingId);
      const ranOut = async () => {
        const [row] = await context.database.db
          .select({ past: sql<boolean>`${requestLinks.confirm_by} <= now()` })
          .from(requestLinks)
          .where(eq(requestLinks.booking_id, bookingId));
        return Boolean(row?.past);
      };
      await waitUntil(ranOut);
      // Started now (a Drizzle query runs only once something asks for its result).
      const released = Promise.resolve(release());
      await waitUntil(async () => {
        const waiting = await context.database.db.execute(
          sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        return (waiting as unknown as { rows: unknown[] }).rows.length > 0;
      });
      await guest.query('commit');
      await released;
    } finally {
      await guest.end();
    }
    const [booking] = await context.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const [link] = await context.database.db
      .select()
      .from(requestLinks)
      .where(eq(requestLinks.booking_id, bookingId));
    return { status: booking!.status, closed: link!.closed_reason, confirmed: link!.confirmed_at !== null };
  }

  it("keeps a request confirmed a moment before the deadline, though a new request's release waited on it", async () => {
    const { token, bookingId } = await requestRunningOut();
    const outcome = await raceConfirmationWith(token, bookingId, () =>
      context.database.db.execute(sql`select release_unconfirmed_requests(${propertyId}::uuid)`),
    );
    expect(outcome).toEqual({ status: 'pending', closed: null, confirmed: true });
  });

  it('keeps it too when the lapse job reached it at the same moment', async () => {
    const { token, bookingId } = await requestRunningOut();
    const outcome = await raceConfirmationWith(token, bookingId, () =>
      context.database.db.transaction((tx) => lapseRequest(tx, { bookingId, reason: 'unconfirmed' })),
    );
    expect(outcome).toEqual({ status: 'pending', closed: null, confirmed: true });
  });
});
