import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_CHECK_IN_GUEST,
  type CheckInGuestInput,
  type GuestCheckIn,
  type RegisterGuest,
  type RegisterStay,
} from '../../domain/check-in';
import { addDaysToDate } from '../../domain/dates';
import { takeBackup } from '../backups/backups';
import { describeConnection } from '../backups/external-tools';
import { auditEvents, bookings, guestCheckIns } from '../db/schema';
import { withOperator } from '../db/with-operator';
import {
  createSignedInContext,
  TEST_NOW as NOW,
  type SignedInOperator,
  insertTestBooking,
  insertTestProperty,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { encryptGuestData, readGuestDataKeys } from './guest-data-key';
import { deleteDueGuestData } from './retention';

const AADHAAR_LAST_FOUR = '7305';
const PASSPORT = 'C01X00T47';
const VISA = 'EV8812345';

const indian: CheckInGuestInput = {
  ...EMPTY_CHECK_IN_GUEST,
  full_name: 'Ananya Deshpande',
  nationality: 'IN',
  address: '12 MG Road, Pune 411001',
  id_type: 'aadhaar',
  id_number: AADHAAR_LAST_FOUR,
  expected_arrival_time: '14:30',
};
const german: CheckInGuestInput = {
  ...EMPTY_CHECK_IN_GUEST,
  full_name: 'Lena Fischer',
  nationality: 'DE',
  address: 'Hauptstraße 5, 10115 Berlin',
  id_type: 'passport',
  id_number: 'c01x 00t47',
  expected_arrival_time: '21:15',
  passport_place_of_issue: 'Berlin',
  passport_issued_on: '2020-03-01',
  passport_expires_on: '2030-02-28',
  visa_number: VISA,
  visa_type: 'e-Tourist',
  visa_expires_on: '2027-06-01',
  arrived_in_india_on: '2027-02-20',
  arriving_from: 'Frankfurt, Germany',
  purpose_of_visit: 'Tourism',
  next_destination: 'Goa',
};

describe.each(listTestDatabaseKinds())('online check-in and the guest register [%s]', (kind) => {
  let context: TestContext;
  let operator: SignedInOperator;

  beforeAll(async () => {
    ({ context, operator } = await createSignedInContext(
      kind,
      { now: () => NOW, requests: UNLIMITED_REQUESTS },
      { name: 'The Villa', base_price: 1000, currency: 'INR', max_guests: 8 },
    ));
  });
  afterAll(async () => {
    await context?.close();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = operator.cookie) =>
    context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  let stays = 0;
  /** A stay from the public form, confirmed by its guest's e-mail link; by the operator too unless `pending`. */
  const requestStay = async (options: { pending?: boolean } = {}) => {
    stays += 1;
    const email = `guest-${stays}@example.com`;
    const requested = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: addDaysToDate('2027-03-01', stays * 3),
        check_out: addDaysToDate('2027-03-03', stays * 3),
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: email,
      },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const token = (requested.json().request_path as string).split('/request/')[1]!;
    const [booking] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, email));
    expect((await context.app.inject({ method: 'GET', url: `/api/requests/${token}` })).statusCode).toBe(200);
    if (!options.pending) {
      const confirmed = await send('PATCH', `/api/bookings/${booking!.id}/status`, { status: 'confirmed' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    return { booking: booking!, token };
  };
  const submit = (token: string, guests: CheckInGuestInput[]) =>
    context.app.inject({ method: 'POST', url: `/api/requests/${token}/check-in`, payload: { guests } });
  const checkedIn = async () => {
    const stay = await requestStay();
    const response = await submit(stay.token, [indian, german]);
    expect(response.statusCode, response.body).toBe(201);
    return stay;
  };
  const register = async (query = '', cookie = operator.cookie) => {
    const response = await send('GET', `/api/guest-register${query}`, undefined, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RegisterStay[]>();
  };
  const readEvents = (ids: string[]) =>
    context.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity_type, 'guest_check_in'),
          sql`${auditEvents.entity_id} = any(${`{${ids.join(',')}}`}::text[])`,
        ),
      )
      .orderBy(sql`(${auditEvents.after}->>'position')::int`, auditEvents.id);

  it('opens once the stay is confirmed, not before, and never for a cancelled stay', async () => {
    const pending = await requestStay({ pending: true });
    const before = await context.app.inject({
      method: 'GET',
      url: `/api/requests/${pending.token}/check-in`,
    });
    expect(before.json<GuestCheckIn>()).toMatchObject({ state: 'not_open', guests_count: 2, guests: [] });
    const refused = await submit(pending.token, [indian, german]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: 'Online check-in opens once your stay is confirmed.',
      code: 'check_in_not_open',
    });
    // Cancelled, it never opens: said so, not "once confirmed".
    const cancelled = await requestStay();
    expect(
      (await send('PATCH', `/api/bookings/${cancelled.booking.id}/status`, { status: 'cancelled' }))
        .statusCode,
    ).toBe(200);
    const closed = await submit(cancelled.token, [indian, german]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({
      message: 'This stay is cancelled: online check-in is closed.',
      code: 'check_in_stay_cancelled',
    });

    const unknown = await context.app.inject({ method: 'GET', url: '/api/requests/not-a-token/check-in' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses each wrong field with a 400 naming it, and never takes a whole Aadhaar number', async () => {
    const stay = await requestStay();
    const open = await context.app.inject({ method: 'GET', url: `/api/requests/${stay.token}/check-in` });
    expect(open.json<GuestCheckIn>()).toMatchObject({ state: 'open', guests_count: 2, retention_days: 365 });

    const whole = await submit(stay.token, [{ ...indian, id_number: '4321 8765 7305' }, german]);
    expect(whole.statusCode).toBe(400);
    expect(whole.json().error).toEqual({
      message: 'Enter only the last four digits of your Aadhaar, not the whole number',
      field: 'guests.0.id_number',
    });
    const noVisa = await submit(stay.token, [indian, { ...german, visa_number: '' }]);
    expect(noVisa.json().error).toEqual({
      message: 'Visa number is required',
      field: 'guests.1.visa_number',
      code: 'required',
      params: {},
    });
    const one = await submit(stay.token, [indian]);
    expect(one.statusCode).toBe(400);
    expect(one.json().error.field).toBe('guests');
    const unknownField = await submit(stay.token, [
      { ...indian, religion: 'none' } as CheckInGuestInput,
      german,
    ]);
    expect(unknownField.statusCode).toBe(400);
    // Nothing was stored by any of them.
    const rows = await context.database.db
      .select()
      .from(guestCheckIns)
      .where(eq(guestCheckIns.booking_id, stay.booking.id));
    expect(rows).toEqual([]);
  });

  it('keeps what was sent, once, showing the guest their ID masked', async () => {
    const stay = await checkedIn();
    const done = await context.app.inject({ method: 'GET', url: `/api/requests/${stay.token}/check-in` });
    const body = done.json<GuestCheckIn>();
    expect(body.state).toBe('done');
    expect(body.guests.map((guest) => [guest.full_name, guest.id_number_masked, guest.foreign])).toEqual([
      ['Ananya Deshpande', `•••• ${AADHAAR_LAST_FOUR}`, false],
      ['Lena Fischer', '•••• 0T47', true],
    ]);
    const again = await submit(stay.token, [indian, german]);
    expect(again.statusCode).toBe(409);
  });

  it('stores ID, passport and visa numbers encrypted: never in clear in the rows, and Aadhaar as four digits only', async () => {
    const stay = await checkedIn();
    const raw = await context.database.db.execute(
      sql`select g::text as line from guest_check_ins g where booking_id = ${stay.booking.id} order by position`,
    );
    const lines = ((raw as { rows?: { line: string }[] }).rows ?? (raw as unknown as { line: string }[])).map(
      (row) => row.line,
    );
    expect(lines).toHaveLength(2);
    // Ids, ciphertexts and timestamps are random digits that may hold four of the Aadhaar's by chance.
    const text = lines
      .join('\n')
      .replace(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '')
      .replace(/v1\.[\w.-]+/g, '')
      .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?[+-]\d{2}/g, '');
    // The test can fail: what is meant to be in clear is there.
    expect(text).toContain('Lena Fischer');
    for (const secret of [PASSPORT, VISA, 'C01X 00T47', AADHAAR_LAST_FOUR])
      expect(text).not.toContain(secret);
    const [aadhaar] = await context.database.db
      .select()
      .from(guestCheckIns)
      .where(and(eq(guestCheckIns.booking_id, stay.booking.id), eq(guestCheckIns.position, 1)));
    expect(aadhaar!.id_number_encrypted).toMatch(/^v1\.[0-9a-f]{16}\.[\w-]{16}\.[\w-]{22}\.[\w-]{6}$/);
    // The database itself refuses a longer Aadhaar ciphertext, whoever writes it.
    await expect(
      context.database.db
        .update(guestCheckIns)
        .set({ id_number_encrypted: `${aadhaar!.id_number_encrypted}AAAAAAAAAAA` })
        .where(eq(guestCheckIns.id, aadhaar!.id)),
    ).rejects.toThrow();
  });

  it("shows the register masked, in full on request with each reading in the audit log, and a foreign guest's Form C sheet complete", async () => {
    const stay = await checkedIn();
    const [masked] = await register(`?booking=${stay.booking.id}`);
    expect(masked!.guests.map((guest) => guest.id_number)).toEqual([
      `•••• ${AADHAAR_LAST_FOUR}`,
      '•••• 0T47',
    ]);
    const ids = masked!.guests.map((guest) => guest.id);
    expect(await readEvents(ids)).toEqual([]);

    const [full] = await register(`?booking=${stay.booking.id}&reveal=true`);
    expect(full).toMatchObject({ booked_by: 'Asha Rao', property_name: 'The Villa', revealed: true });
    const [first, second] = full!.guests as [RegisterGuest, RegisterGuest];
    expect(first).toMatchObject({ id_number: AADHAAR_LAST_FOUR, form_c: null, nationality_name: 'India' });
    expect(second.id_number).toBe(PASSPORT);
    const sheet = second.form_c!;
    expect(sheet).toEqual({
      passport_number: PASSPORT,
      passport_place_of_issue: 'Berlin',
      passport_issued_on: '2020-03-01',
      passport_expires_on: '2030-02-28',
      visa_number: VISA,
      visa_type: 'e-Tourist',
      visa_expires_on: '2027-06-01',
      arrived_in_india_on: '2027-02-20',
      arriving_from: 'Frankfurt, Germany',
      purpose_of_visit: 'Tourism',
      next_destination: 'Goa',
      arrival_at: new Date(`${stay.booking.check_in}T21:15:00+05:30`).toISOString(),
      deadline: new Date(
        new Date(`${stay.booking.check_in}T21:15:00+05:30`).getTime() + 86_400_000,
      ).toISOString(),
      state: 'due',
      frro_reference: null,
      filed_at: null,
    });
    for (const [field, value] of Object.entries(sheet))
      if (!['frro_reference', 'filed_at'].includes(field)) expect(value, field).toBeTruthy();

    const events = await readEvents(ids);
    expect(events.map((event) => [event.action, event.actor, event.actor_id, event.after])).toEqual(
      ids.map((_, index) => [
        'read',
        'operator',
        operator.id,
        { booking_id: stay.booking.id, position: index + 1, purpose: 'Form C sheet' },
      ]),
    );
    // The operator reads them in the activity log, without the guests' details.
    const activity = await send('GET', '/api/audit-events?entity_type=guest_check_in');
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.body).not.toContain(PASSPORT);
    expect(activity.json().events.length).toBeGreaterThanOrEqual(2);
  });

  it('counts down to Form C until the FRRO reference is recorded', async () => {
    const stay = await checkedIn();
    const [before] = await register(`?booking=${stay.booking.id}`);
    const foreign = before!.guests[1]!;
    expect(
      (await register('?form_c=pending')).flatMap((item) => item.guests.map((guest) => guest.id)),
    ).toContain(foreign.id);
    const indianGuest = before!.guests[0]!;
    const refused = await send('POST', `/api/guest-register/${indianGuest.id}/form-c`, {
      frro_reference: 'X1',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: 'Form C is filed for foreign nationals only; this guest is Indian',
      code: 'form_c_for_indian_national',
    });
    const empty = await send('POST', `/api/guest-register/${foreign.id}/form-c`, { frro_reference: '  ' });
    expect(empty.statusCode).toBe(400);

    const filed = await send('POST', `/api/guest-register/${foreign.id}/form-c`, {
      frro_reference: 'FRRO/MH/2027/0042',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json<RegisterGuest>().form_c).toMatchObject({
      state: 'filed',
      frro_reference: 'FRRO/MH/2027/0042',
      filed_at: NOW.toISOString(),
    });
    expect(
      (await register('?form_c=pending')).flatMap((item) => item.guests.map((guest) => guest.id)),
    ).not.toContain(foreign.id);
    const events = await readEvents([foreign.id]);
    expect(events.find((event) => event.action === 'update')?.after).toMatchObject({
      form_c_reference: 'FRRO/MH/2027/0042',
    });
  });

  it('exports the register as CSV with the numbers in full, recording the reading', async () => {
    const stay = await checkedIn();
    const response = await send('GET', `/api/guest-register.csv?booking=${stay.booking.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="guest-register-2026-11-22\.csv"$/,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^booking_reference,property,property_address,check_in,check_out,guest_no,full_name/,
    );
    expect(lines[2]).toContain(`Lena Fischer,Germany,`);
    expect(lines[2]).toContain(PASSPORT);
    expect(lines[2]).toContain(VISA);
    const [full] = await register(`?booking=${stay.booking.id}`);
    const events = await readEvents(full!.guests.map((guest) => guest.id));
    expect(events.map((event) => (event.after as { purpose: string }).purpose)).toEqual([
      'CSV export',
      'CSV export',
    ]);
  });

  it('shows another operator nothing of it (row-level security)', async () => {
    const stay = await checkedIn();
    const [mine] = await register(`?booking=${stay.booking.id}`);
    const other = await context.createSignedInOperator();
    expect(await register('?reveal=true', other.cookie)).toEqual([]);
    const csv = await send('GET', '/api/guest-register.csv', undefined, other.cookie);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    const file = await send(
      'POST',
      `/api/guest-register/${mine!.guests[1]!.id}/form-c`,
      { frro_reference: 'X' },
      other.cookie,
    );
    expect(file.statusCode).toBe(404);
    expect(file.json().error).toMatchObject({ message: 'Guest not found', code: 'guest_not_found' });
    const seen = await withOperator(context.database.db, other.id, (tx) => tx.select().from(guestCheckIns));
    expect(seen).toEqual([]);
    // Their reading recorded nothing about this operator's guests.
    expect(
      (await readEvents(mine!.guests.map((guest) => guest.id))).filter(
        (event) => event.actor_id === other.id,
      ),
    ).toEqual([]);
  });

  it('holds ID numbers encrypted in a backup', async () => {
    const stay = await checkedIn();
    const dir = mkdtempSync(join(tmpdir(), 'villa-check-in-backup-'));
    try {
      const taken = await takeBackup(context.database, { dir, databaseUrl: context.database.url }, 'manual');
      expect(readdirSync(dir)).toHaveLength(1);
      expect(statSync(taken.path).size).toBeGreaterThan(0);
      // What the backup holds, readable: the embedded database's files unpacked, or pg_dump's as SQL.
      const text =
        kind === 'pglite'
          ? gunzipSync(readFileSync(taken.path)).toString('latin1')
          : execFileSync('pg_restore', ['--data-only', '--table=guest_check_ins', '--file=-', taken.path], {
              env: { ...process.env, ...describeConnection(context.database.url!).env },
              maxBuffer: 64 * 1024 * 1024,
            }).toString('utf8');
      expect(text).toContain('Lena Fischer');
      expect(text).toContain(stay.booking.id.slice(0, 8));
      for (const secret of [PASSPORT, VISA]) expect(text).not.toContain(secret);
      // The key is not in the backup either.
      expect(text).not.toContain(context.config.guestData.key!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('deletes guests’ details when their retention period is over, and nothing else', async () => {
    // Stays of this suite end between 2027-03-06 and 2027-03-30; the newest keeps its rows a day longer.
    const older = await checkedIn();
    const newer = await checkedIn();
    expect(newer.booking.check_out).toBe(addDaysToDate(older.booking.check_out, 3));
    const countOf = async (bookingId: string) =>
      (await context.database.db.select().from(guestCheckIns).where(eq(guestCheckIns.booking_id, bookingId)))
        .length;
    const at = (date: string) => new Date(`${date}T06:00:00Z`);
    const run = (date: string) =>
      deleteDueGuestData(context.database.db, { config: context.config, holder: 'test', now: at(date) });

    // The day before the 365th day after check-out: nothing is due.
    const before = await run(addDaysToDate(older.booking.check_out, 364));
    expect(await countOf(older.booking.id)).toBe(2);
    expect(await countOf(newer.booking.id)).toBe(2);
    const due = await run(addDaysToDate(older.booking.check_out, 365));
    expect(await countOf(older.booking.id)).toBe(0);
    expect(await countOf(newer.booking.id)).toBe(2);
    expect(before).toBeGreaterThanOrEqual(0);
    expect(due).toBeGreaterThanOrEqual(2);
    // Its bookings stay; each deletion is in the audit log, without the guests' details.
    expect(
      await context.database.db.select().from(bookings).where(eq(bookings.id, older.booking.id)),
    ).toHaveLength(1);
    const deleted = await context.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity_type, 'guest_check_in'), eq(auditEvents.action, 'delete')));
    const mine = deleted
      .filter((event) => (event.before as { booking_id: string }).booking_id === older.booking.id)
      .sort(
        (a, b) => (a.before as { position: number }).position - (b.before as { position: number }).position,
      );
    expect(mine.map((event) => [event.actor, event.operator_id, event.before])).toEqual([
      ['system', operator.id, { booking_id: older.booking.id, position: 1, reason: 'retention (365 days)' }],
      ['system', operator.id, { booking_id: older.booking.id, position: 2, reason: 'retention (365 days)' }],
    ]);
    await run(addDaysToDate(newer.booking.check_out, 365));
    expect(await countOf(newer.booking.id)).toBe(0);
  });

  it('says an altered ID number is unreadable, to the operator and to the guest, never a wrong number', async () => {
    const stay = await checkedIn();
    const [row] = await context.database.db
      .select()
      .from(guestCheckIns)
      .where(and(eq(guestCheckIns.booking_id, stay.booking.id), eq(guestCheckIns.position, 2)));
    const parts = row!.id_number_encrypted.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    await context.database.db
      .update(guestCheckIns)
      .set({ id_number_encrypted: parts.join('.') })
      .where(eq(guestCheckIns.id, row!.id));

    const [full] = await register(`?booking=${stay.booking.id}&reveal=true`);
    expect(full!.guests[1]!.id_number).toBe('unreadable (altered or damaged)');
    expect(full!.guests[1]!.form_c!.passport_number).toBe('unreadable (altered or damaged)');
    const [masked] = await register(`?booking=${stay.booking.id}`);
    expect(masked!.guests[1]!.id_number).toBe('unreadable (altered or damaged)');
    const page = await context.app.inject({ method: 'GET', url: `/api/requests/${stay.token}/check-in` });
    expect(page.statusCode).toBe(200);
    expect(page.json<GuestCheckIn>().guests[1]!.id_number_masked).toBe('unreadable');
    expect(page.json<GuestCheckIn>().guests[0]!.id_number_masked).toBe(`•••• ${AADHAAR_LAST_FOUR}`);
  });

  it('refuses check-in dates outside the years the system takes, naming the field', async () => {
    const stay = await requestStay();
    for (const [field, value] of [
      ['passport_issued_on', '1800-01-01'],
      ['passport_expires_on', '9999-12-31'],
      ['visa_expires_on', '9999-12-31'],
      ['arrived_in_india_on', '0001-01-01'],
    ] as const) {
      const response = await submit(stay.token, [indian, { ...german, [field]: value }]);
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.json().error).toMatchObject({
        field: `guests.1.${field}`,
        message: expect.stringContaining('between 2000-01-01 and 2100-12-31'),
      });
    }
  });

  it("never takes an Indian guest's whole Aadhaar number as another ID, nor in a text field", async () => {
    const stay = await requestStay();
    for (const [field, guest] of [
      ['id_number', { ...indian, id_type: 'driving_licence', id_number: '4321 8765 7305' }],
      ['id_number', { ...indian, id_type: 'passport', id_number: '432187657305' }],
      ['address', { ...indian, address: 'Aadhaar 4321 8765 7305, 12 MG Road, Pune 411001' }],
      ['full_name', { ...indian, full_name: 'Ananya 4321-8765-7305' }],
      ['address', { ...indian, address: '4\u200B3\u200B2\u200B1 8765 7305, Pune' }],
      ['address', { ...indian, address: '४३२१/८७६५/७३०५, Pune' }],
    ] as const) {
      const response = await submit(stay.token, [guest, german]);
      expect(response.statusCode, `${field} ${guest[field]}`).toBe(400);
      expect(response.json().error).toMatchObject({
        field: `guests.0.${field}`,
        message: expect.stringContaining('Aadhaar'),
      });
    }
    // A PIN code, a house number and a phone number are no Aadhaar number.
    const fine = await submit(stay.token, [
      { ...indian, address: 'Flat 1203, 12 MG Road, Pune 411001, +91 98765 43210' },
      german,
    ]);
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('masks a whole Aadhaar number kept in an address from before the rule, unless the register is revealed', async () => {
    const stay = await checkedIn();
    const address = 'Aadhaar ४३२१ ८७६५ ७३०५, 12 MG Road, Pune 411001';
    await context.database.db
      .update(guestCheckIns)
      .set({ address, full_name: 'Ananya 4321_8765_7305' })
      .where(and(eq(guestCheckIns.booking_id, stay.booking.id), eq(guestCheckIns.position, 1)));
    const [masked] = await register(`?booking=${stay.booking.id}`);
    expect(masked!.guests[0]).toMatchObject({
      address: 'Aadhaar •••• 7305, 12 MG Road, Pune 411001',
      full_name: 'Ananya •••• 7305',
    });
    const [revealed] = await register(`?booking=${stay.booking.id}&reveal=true`);
    expect(revealed!.guests[0]).toMatchObject({ address, full_name: 'Ananya 4321_8765_7305' });
    const page = await context.app.inject({ method: 'GET', url: `/api/requests/${stay.token}/check-in` });
    expect(page.json<GuestCheckIn>().guests[0]).toMatchObject({
      address: 'Aadhaar •••• 7305, 12 MG Road, Pune 411001',
      full_name: 'Ananya •••• 7305',
    });
  });

  it('refuses a register or CSV longer than it can answer, never cutting it short', async () => {
    // An operator of their own, whose register holds one guest more than the most one answer carries.
    const other = await context.createSignedInOperator();
    const property = await insertTestProperty(context.database, other.id, { name: 'The Big House' });
    const stay = await insertTestBooking(context.database, property.id, {
      check_in: '2027-08-01',
      check_out: '2027-08-03',
      status: 'confirmed',
    });
    const number = encryptGuestData(readGuestDataKeys(context.config.guestData, []).current, '7305');
    await context.database.db.execute(
      sql`insert into guest_check_ins (booking_id, property_id, position, full_name, nationality, address,
            id_type, id_number_encrypted, expected_arrival_time)
          select ${stay.id}, ${property.id}, n, 'Guest ' || n, 'IN', 'Pune', 'aadhaar', ${number}, '14:00'
          from generate_series(1, 5001) as n`,
    );
    for (const url of ['/api/guest-register', '/api/guest-register.csv']) {
      const response = await send('GET', url, undefined, other.cookie);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toMatch(/more than 5000 guests/i);
    }
    // One guest fewer is answered whole.
    await context.database.db
      .delete(guestCheckIns)
      .where(and(eq(guestCheckIns.booking_id, stay.id), eq(guestCheckIns.position, 5001)));
    const csv = await send('GET', '/api/guest-register.csv', undefined, other.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(5001);
  });
});
