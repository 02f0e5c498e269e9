import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../domain/dates';
import { hashExportToken } from '../channels/queries';
import { bookings, channelBlocks, channelConflicts, channelConnections } from '../db/schema';
import { insertTestBooking, TEST_NOW, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// Nights a channel holds (a block its feed reports, e.g. Booking.com's 'CLOSED - Not available' for each
// of its reservations, or a channel's stay in conflict the operator has not settled) are sold there:
// moving a stay onto them here would sell them twice, and no sync would say so.
describe.each(listTestDatabaseKinds())('moving a stay onto nights a channel holds [%s]', (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW },
    { name: 'The Villa', base_price: 1000, currency: 'INR', max_guests: 6 },
  );

  const change = (bookingId: string, payload: object) =>
    current.context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: { cookie: current.cookie },
      payload,
    });
  const readStay = async (bookingId: string) => {
    const [row] = await current.context.database.db
      .select({ check_in: bookings.check_in, check_out: bookings.check_out })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row;
  };
  let connections = 0;
  const connect = async (channel: 'airbnb' | 'booking_com') => {
    connections += 1;
    const [row] = await current.context.database.db
      .insert(channelConnections)
      .values({
        property_id: current.propertyId,
        channel,
        import_url: `https://example.com/${channel}-${connections}.ics`,
        export_token: hashExportToken(`${channel}-${connections}`.padEnd(32, 'x')),
      })
      .returning();
    return row!;
  };

  it("refuses a move onto a channel's block with 409 naming the channel and its nights, and changes nothing", async () => {
    const connection = await connect('booking_com');
    await current.context.database.db.insert(channelBlocks).values({
      connection_id: connection.id,
      property_id: current.propertyId,
      channel: 'booking_com',
      uid: 'reservation-1@booking.com',
      start_date: '2027-09-01',
      end_date: '2027-09-04',
    });
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      status: 'confirmed',
      check_in: '2027-08-20',
      check_out: '2027-08-23',
    });

    const refused = await change(stay.id, { check_in: '2027-09-03', check_out: '2027-09-06' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      field: 'check_in',
      message: `Booking.com holds ${formatCalendarDate('2027-09-01')} – ${formatCalendarDate('2027-09-04')} (a reservation there, or nights closed there): free them there first`,
    });
    expect(await readStay(stay.id)).toEqual({ check_in: '2027-08-20', check_out: '2027-08-23' });

    // The night before the block is free.
    const moved = await change(stay.id, { check_in: '2027-08-29', check_out: '2027-09-01' });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("refuses a move onto the nights of a channel's stay in conflict that the operator has not settled", async () => {
    const connection = await connect('airbnb');
    await current.context.database.db.insert(channelConflicts).values({
      property_id: current.propertyId,
      connection_id: connection.id,
      kind: 'stay_overlaps',
      uid: 'clash@airbnb.com',
      item_kind: 'stay',
      check_in: '2027-10-10',
      check_out: '2027-10-12',
    });
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      status: 'pending',
      check_in: '2027-10-01',
      check_out: '2027-10-03',
    });
    const refused = await change(stay.id, { check_out: '2027-10-11' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toContain(
      `Airbnb holds ${formatCalendarDate('2027-10-10')} – ${formatCalendarDate('2027-10-12')}`,
    );
    expect(await readStay(stay.id)).toEqual({ check_in: '2027-10-01', check_out: '2027-10-03' });
  });

  it('lets a stay that already shares nights with a block keep them, change, and grow onto free nights', async () => {
    const connection = await connect('airbnb');
    // Closed by the channel after the stay was booked here: the stay keeps its nights.
    await current.context.database.db.insert(channelBlocks).values({
      connection_id: connection.id,
      property_id: current.propertyId,
      channel: 'airbnb',
      uid: 'later-block@airbnb.com',
      start_date: '2027-11-01',
      end_date: '2027-11-04',
    });
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      status: 'confirmed',
      check_in: '2027-11-03',
      check_out: '2027-11-05',
    });
    const changed = await change(stay.id, { check_out: '2027-11-07', guests_count: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await readStay(stay.id)).toEqual({ check_in: '2027-11-03', check_out: '2027-11-07' });

    // Growing further into the block is taking nights the channel holds.
    const refused = await change(stay.id, { check_in: '2027-11-02' });
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it("refuses a booking added by hand onto nights another channel holds, but takes that channel's own reservation", async () => {
    const connection = await connect('booking_com');
    await current.context.database.db.insert(channelBlocks).values({
      connection_id: connection.id,
      property_id: current.propertyId,
      channel: 'booking_com',
      uid: 'reservation-2@booking.com',
      start_date: '2027-12-10',
      end_date: '2027-12-13',
    });
    const add = (source: string) =>
      current.context.app.inject({
        method: 'POST',
        url: `/api/properties/${current.propertyId}/bookings`,
        headers: { cookie: current.cookie },
        payload: {
          check_in: '2027-12-12',
          check_out: '2027-12-14',
          guests_count: 2,
          guest_name: 'Phone Guest',
          guest_email: 'phone@example.com',
          status: 'confirmed',
          booking_source: source,
        },
      });
    const refused = await add('direct');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      field: 'check_in',
      message: `Booking.com holds ${formatCalendarDate('2027-12-10')} – ${formatCalendarDate('2027-12-13')} (a reservation there, or nights closed there): free them there first`,
    });
    expect((await add('airbnb')).statusCode).toBe(409);
    const rows = await current.context.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.guest_name, 'Phone Guest'));
    expect(rows).toEqual([]);

    // The operator copying Booking.com's own reservation here is that reservation, not a second sale.
    const copied = await add('booking_com');
    expect(copied.statusCode, copied.body).toBe(201);
  });
});
