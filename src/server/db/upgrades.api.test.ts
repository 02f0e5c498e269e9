import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabaseBefore, listTestDatabaseKinds, type TestDatabase } from '../test/test-database';
import { isOverlapError } from './errors';

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Upgrading a database that holds data from an earlier version: nothing is lost, nothing refused. */
describe.each(listTestDatabaseKinds())('upgrades of a database in use [%s]', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('keeps a completed stay whose nights were sold again, and from then on completed stays hold their nights', async () => {
    database = await createTestDatabaseBefore(kind, 'completed_stays_hold_nights');
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

    await database.migrate();

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

  it("keeps a guest's request links working after their tokens become hashes, and no sent copy keeps one", async () => {
    database = await createTestDatabaseBefore(kind, 'requests_confirmed_by_email');
    const { db } = database;
    const [operator] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into operators (email, password_hash) values ('links@example.com', 'x') returning id`,
      ),
    );
    const [property] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into properties (name, address, city, country, owner_id) values ('Villa', 'Road', 'Pune', 'India', ${operator!.id}) returning id`,
      ),
    );
    const [booking] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into bookings (property_id, guest_name, guest_email, check_in, check_out, request_network) values (${property!.id}, 'Asha', 'asha@example.com', '2027-03-01', '2027-03-04', '203.0.113.0/24') returning id`,
      ),
    );
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    await db.execute(
      sql`insert into request_links (booking_id, token, hold_until) values (${booking!.id}, ${token}, now() + interval '2 days')`,
    );
    const link = `https://villa.example.com/request/${token}`;
    for (const [status, id] of [
      ['sent', '00000000-0000-4000-8000-000000000a01'],
      ['pending', '00000000-0000-4000-8000-000000000a02'],
    ] as const) {
      await db.execute(
        sql`insert into outbox_messages (id, property_id, booking_id, kind, to_address, subject, text_body, html_body, message_id, status)
            values (${id}, ${property!.id}, ${booking!.id}, 'request_received', 'asha@example.com', 'Your request',
                    ${`Follow it: ${link}`}, ${`<a href="${link}">Follow it</a>`}, ${`<${id}@villa>`}, ${status})`,
      );
    }

    await database.migrate();

    // The old link still finds the request (now confirmed: it was taken under the old rules) and withdraws it.
    const [found] = rowsOf<{ out_booking_id: string; out_confirmed_at: string | null }>(
      await db.execute(sql`select * from find_guest_request(${token})`),
    );
    expect(found?.out_booking_id).toBe(booking!.id);
    expect(found?.out_confirmed_at).not.toBeNull();
    const [withdrawn] = rowsOf<{ id: string }>(
      await db.execute(sql`select withdraw_guest_request(${token}) as id`),
    );
    expect(withdrawn?.id).toBe(booking!.id);
    // The token is nowhere in the database: its hash is, and the messages hold a placeholder.
    const everything = JSON.stringify([
      rowsOf(await db.execute(sql`select * from request_links`)),
      rowsOf(await db.execute(sql`select * from request_tokens`)),
      rowsOf(
        await db.execute(
          sql`select id, text_body, html_body, link_token from outbox_messages where status = 'sent'`,
        ),
      ),
    ]);
    expect(everything).not.toContain(token);
    const messages = rowsOf<{ status: string; text_body: string; link_token: string | null }>(
      await db.execute(sql`select status, text_body, link_token from outbox_messages order by id`),
    );
    expect(messages).toEqual([
      {
        status: 'sent',
        text_body: 'Follow it: https://villa.example.com/request/{request-token}',
        link_token: null,
      },
      // Not sent yet: it goes out with its working link.
      {
        status: 'pending',
        text_body: 'Follow it: https://villa.example.com/request/{request-token}',
        link_token: token,
      },
    ]);
  });
  it('keeps what payment statuses set by hand meant, as ledger entries, and channel stays become channel', async () => {
    database = await createTestDatabaseBefore(kind, 'payment_ledger');
    const { db } = database;
    const [operator] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into operators (email, password_hash) values ('ledger@example.com', 'x') returning id`,
      ),
    );
    const [property] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into properties (name, address, city, country, owner_id, currency) values ('Villa', 'Road', 'Pune', 'India', ${operator!.id}, 'INR') returning id`,
      ),
    );
    const stays: Record<string, string> = {};
    const stay = async (
      name: string,
      values: { status: string; source?: string; total?: string; known?: boolean },
      day: number,
    ) => {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into bookings (property_id, guest_name, guest_email, check_in, check_out, total_amount, currency,
                booking_source, payment_status, amount_known, created_at)
              values (${property!.id}, ${name}, 'g@example.com', ${`2027-01-${String(day).padStart(2, '0')}`},
                ${`2027-01-${String(day + 1).padStart(2, '0')}`}, ${values.total ?? '5000.00'}, 'INR',
                ${values.source ?? 'direct'}, ${values.status}, ${values.known ?? true}, '2026-10-01T20:00:00Z')
              returning id`,
        ),
      );
      stays[name] = row!.id;
    };
    await stay('paid', { status: 'paid' }, 1);
    await stay('partial', { status: 'partial' }, 3);
    await stay('refunded', { status: 'refunded', total: '3000.00' }, 5);
    await stay('unpaid', { status: 'unpaid' }, 7);
    await stay('airbnb paid', { status: 'paid', source: 'airbnb' }, 9);
    await stay('booking.com unpaid', { status: 'unpaid', source: 'booking_com' }, 11);
    await stay('unknown total', { status: 'paid', source: 'vrbo', total: '0', known: false }, 13);
    // The log shows each booking made when its row says; one marked paid later, which is then the day
    // received (22:00 UTC is the next day in India).
    await db.execute(
      sql`update audit_events set occurred_at = '2026-10-01T20:00:00Z' where entity_type = 'booking'`,
    );
    await db.execute(
      sql`insert into audit_events (occurred_at, operator_id, actor, entity_type, entity_id, action, before, after)
          values ('2026-10-05T22:00:00Z', ${operator!.id}, 'operator', 'booking', ${stays.paid!}, 'update',
            '{"payment_status": "unpaid"}', '{"payment_status": "paid"}')`,
    );

    await database.migrate();

    const statuses = rowsOf<{ guest_name: string; payment_status: string }>(
      await db.execute(sql`select guest_name, payment_status from bookings order by check_in`),
    );
    expect(statuses.map((row) => [row.guest_name, row.payment_status])).toEqual([
      ['paid', 'paid'],
      ['partial', 'partial'],
      ['refunded', 'refunded'],
      ['unpaid', 'unpaid'],
      ['airbnb paid', 'channel'],
      ['booking.com unpaid', 'channel'],
      ['unknown total', 'paid'],
    ]);
    const entries = rowsOf<{
      guest_name: string;
      kind: string;
      amount: string;
      method: string;
      received_on: string;
      note: string;
    }>(
      await db.execute(
        sql`select b.guest_name, e.kind, e.amount::text as amount, e.method, e.received_on::text as received_on, e.note
            from payments e join bookings b on b.id = e.booking_id order by b.check_in, e.kind`,
      ),
    );
    expect(entries.map(({ note: _note, ...rest }) => rest)).toEqual([
      { guest_name: 'paid', kind: 'payment', amount: '5000.00', method: 'other', received_on: '2026-10-06' },
      { guest_name: 'partial', kind: 'payment', amount: '0.01', method: 'other', received_on: '2026-10-02' },
      {
        guest_name: 'refunded',
        kind: 'payment',
        amount: '3000.00',
        method: 'other',
        received_on: '2026-10-02',
      },
      {
        guest_name: 'refunded',
        kind: 'refund',
        amount: '3000.00',
        method: 'other',
        received_on: '2026-10-02',
      },
      {
        guest_name: 'unknown total',
        kind: 'payment',
        amount: '0.01',
        method: 'other',
        received_on: '2026-10-02',
      },
    ]);
    expect(entries[0]!.note).toBe('Recorded before the ledger');
    expect(entries[1]!.note).toMatch(/^Recorded before the ledger: marked partly paid, amount not known/);
    const audited = rowsOf<{ count: number }>(
      await db.execute(
        sql`select count(*)::int as count from audit_events where entity_type = 'payment' and actor = 'system'`,
      ),
    );
    expect(audited[0]!.count).toBe(5);
  });

  it("brings a channel's stay that turned 'paid' under the old rule back to 'channel'", async () => {
    database = await createTestDatabaseBefore(kind, 'payment_voids');
    const { db } = database;
    const [operator] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into operators (email, password_hash) values ('voids@example.com', 'x') returning id`,
      ),
    );
    const [property] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into properties (name, address, city, country, owner_id, currency) values ('Villa', 'Road', 'Pune', 'India', ${operator!.id}, 'INR') returning id`,
      ),
    );
    // As the old rule's trigger left them: a channel's stay with money recorded here was 'paid'.
    await db.execute(
      sql`create function old_rule_status() returns trigger language plpgsql as $$
          begin new.payment_status := 'paid'; return new; end $$`,
    );
    await db.execute(
      sql`create trigger bookings_derive_payment_status before insert or update on bookings
          for each row execute function old_rule_status()`,
    );
    const [airbnb] = rowsOf<{ id: string; payment_status: string }>(
      await db.execute(
        sql`insert into bookings (property_id, guest_name, guest_email, check_in, check_out, total_amount, currency, booking_source)
            values (${property!.id}, 'Airbnb guest', 'g@example.com', '2027-02-01', '2027-02-03', 5000, 'INR', 'airbnb')
            returning id, payment_status`,
      ),
    );
    expect(airbnb!.payment_status).toBe('paid');
    await db.execute(
      sql`insert into payments (booking_id, kind, amount, currency, method, received_on)
          values (${airbnb!.id}, 'payment', 5000, 'INR', 'upi', '2026-11-20')`,
    );

    await database.migrate();

    const [row] = rowsOf<{ payment_status: string }>(
      await db.execute(sql`select payment_status from bookings where id = ${airbnb!.id}`),
    );
    expect(row!.payment_status).toBe('channel');
    // The rules' own trigger is back: the status stays derived.
    await db.execute(sql`update bookings set payment_status = 'partial' where id = ${airbnb!.id}`);
    const [again] = rowsOf<{ payment_status: string }>(
      await db.execute(sql`select payment_status from bookings where id = ${airbnb!.id}`),
    );
    expect(again!.payment_status).toBe('channel');
  });

  it('stamps each stay with the day it was first confirmed: from the audit log, else the day it was made', async () => {
    database = await createTestDatabaseBefore(kind, 'booking_confirmed_at');
    const { db } = database;
    const [operator] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into operators (email, password_hash) values ('confirmed@example.com', 'x') returning id`,
      ),
    );
    const [property] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into properties (name, address, city, country, owner_id, currency) values ('Villa', 'Road', 'Pune', 'India', ${operator!.id}, 'INR') returning id`,
      ),
    );
    const insert = async (status: string, checkIn: string) =>
      rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into bookings (property_id, guest_name, guest_email, check_in, check_out, total_amount, currency, status, created_at)
              values (${property!.id}, 'Guest', 'g@example.com', ${checkIn}, (${checkIn}::date + 2), 5000, 'INR', ${status}, '2026-10-01T06:00:00Z')
              returning id`,
        ),
      )[0]!.id;
    const requested = await insert('pending', '2027-02-01');
    const entered = await insert('confirmed', '2027-03-01');
    const never = await insert('pending', '2027-04-01');
    await db.execute(sql`update bookings set status = 'confirmed' where id = ${requested}`);
    // The log as it stood: the request confirmed on 5 Oct, then edited on 9 Oct; the stay entered as
    // confirmed edited on 7 Oct (which the old reading took for its confirmation).
    await db.execute(sql`delete from audit_events where entity_type = 'booking'`);
    await db.execute(
      sql`insert into audit_events (operator_id, actor, entity_type, entity_id, action, before, after, occurred_at) values
        (${operator!.id}, 'operator', 'booking', ${requested}, 'update', '{"status":"pending"}', '{"status":"confirmed"}', '2026-10-05T06:00:00Z'),
        (${operator!.id}, 'operator', 'booking', ${requested}, 'update', '{"status":"confirmed"}', '{"status":"confirmed"}', '2026-10-09T06:00:00Z'),
        (${operator!.id}, 'operator', 'booking', ${entered}, 'update', '{"status":"confirmed"}', '{"status":"confirmed"}', '2026-10-07T06:00:00Z')`,
    );

    await database.migrate();

    const stamped = rowsOf<{ id: string; confirmed_at: Date | string | null }>(
      await db.execute(sql`select id, confirmed_at from bookings`),
    );
    const at = (id: string) => {
      const value = stamped.find((row) => row.id === id)!.confirmed_at;
      return value === null ? null : new Date(value).toISOString();
    };
    expect(at(requested)).toBe('2026-10-05T06:00:00.000Z');
    expect(at(entered)).toBe('2026-10-01T06:00:00.000Z');
    expect(at(never)).toBeNull();
  });
});
