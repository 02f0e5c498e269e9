import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CHECK_IN_GUEST, type CheckInGuestInput, type RegisterStay } from '../../domain/check-in';
import { buildApp } from '../app';
import { bookings, guestCheckIns } from '../db/schema';
import {
  createSignedInContext,
  TEST_NOW,
  type SignedInOperator,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { GuestDataKeyError, readGuestDataKeys } from './guest-data-key';
import { listStoredKeyIds } from './queries';
import { reencryptGuestData } from './reencrypt-guest-data';

const NEW_KEY = '7a'.repeat(32);

const guest: CheckInGuestInput = {
  ...EMPTY_CHECK_IN_GUEST,
  full_name: 'Lena Fischer',
  nationality: 'DE',
  address: 'Hauptstraße 5, 10115 Berlin',
  id_type: 'passport',
  id_number: 'C01X00T47',
  expected_arrival_time: '21:15',
  passport_place_of_issue: 'Berlin',
  passport_issued_on: '2020-03-01',
  passport_expires_on: '2030-02-28',
  visa_number: 'EV8812345',
  visa_type: 'e-Tourist',
  visa_expires_on: '2027-06-01',
  arrived_in_india_on: '2027-02-20',
  arriving_from: 'Frankfurt, Germany',
  purpose_of_visit: 'Tourism',
  next_destination: 'Goa',
};

describe.each(listTestDatabaseKinds())('a new guest data key beside the old one [%s]', (kind) => {
  let context: TestContext;
  let operator: SignedInOperator;
  beforeAll(async () => {
    ({ context, operator } = await createSignedInContext(
      kind,
      { now: () => TEST_NOW, requests: UNLIMITED_REQUESTS },
      { name: 'The Villa', base_price: 1000, currency: 'INR', max_guests: 8 },
    ));
  });
  afterAll(async () => {
    await context?.close();
  });

  /** An app on the same database, with other guest data keys (checked against the database, as at start). */
  const appWith = async (guestData: { key: string; oldKeys?: string[] }) => {
    const app = await buildApp(createTestConfig({ guestData: { oldKeys: [], ...guestData } }), {
      database: context.database,
      now: () => TEST_NOW,
    });
    await app.ready();
    return app;
  };
  let stays = 0;
  /** A confirmed stay from the public form, checked in through `app` by one guest. */
  const checkIn = async (app: Awaited<ReturnType<typeof appWith>>) => {
    stays += 1;
    const email = `key-guest-${stays}@example.com`;
    const requested = await app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: `2027-03-0${stays * 2}`,
        check_out: `2027-03-0${stays * 2 + 1}`,
        guests_count: 1,
        guest_name: 'Lena Fischer',
        guest_email: email,
      },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const token = (requested.json().request_path as string).split('/request/')[1]!;
    expect((await app.inject({ method: 'GET', url: `/api/requests/${token}` })).statusCode).toBe(200);
    const [booking] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, email));
    const confirmed = await app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking!.id}/status`,
      headers: { cookie: operator.cookie },
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/requests/${token}/check-in`,
      payload: { guests: [guest] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return booking!.id;
  };
  const readRegister = async (app: Awaited<ReturnType<typeof appWith>>) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/guest-register?reveal=true',
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<RegisterStay[]>()
      .flatMap((stay) => stay.guests.map((one) => [one.id_number, one.form_c?.visa_number]));
  };

  it('reads the old numbers, writes new ones under the new key, and re-encrypts the old ones', async () => {
    const oldKey = context.config.guestData.key!;
    const oldId = readGuestDataKeys(context.config.guestData, []).current.id;
    await checkIn(context.app);
    const newId = readGuestDataKeys({ ...context.config.guestData, key: NEW_KEY }, []).current.id;

    // The new key alone is refused: the database names the old one.
    await expect(appWith({ key: NEW_KEY })).rejects.toThrow(GuestDataKeyError);
    await expect(appWith({ key: NEW_KEY })).rejects.toThrow(`key ${oldId} (2 numbers)`);

    const both = await appWith({ key: NEW_KEY, oldKeys: [oldKey] });
    try {
      const added = await checkIn(both);
      expect(await readRegister(both)).toEqual([
        ['C01X00T47', 'EV8812345'],
        ['C01X00T47', 'EV8812345'],
      ]);
      const [row] = await context.database.db
        .select()
        .from(guestCheckIns)
        .where(eq(guestCheckIns.booking_id, added));
      expect(row!.id_number_encrypted.split('.')[1]).toBe(newId);
      expect(row!.visa_number_encrypted!.split('.')[1]).toBe(newId);
      expect(await listStoredKeyIds(context.database.db)).toEqual(
        [
          { id: oldId, values: 2 },
          { id: newId, values: 2 },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );

      const keys = readGuestDataKeys(
        { ...context.config.guestData, key: NEW_KEY, oldKeys: [oldKey] },
        await listStoredKeyIds(context.database.db),
      );
      expect(await reencryptGuestData(context.database.db, keys, { batch: 1 })).toEqual({
        keyId: newId,
        guests: 1,
        values: 2,
        unreadable: 0,
      });
      // Again: nothing left to do.
      expect(await reencryptGuestData(context.database.db, keys)).toMatchObject({ guests: 0, values: 0 });
      expect(await listStoredKeyIds(context.database.db)).toEqual([{ id: newId, values: 4 }]);
    } finally {
      await both.close();
    }
    const alone = await appWith({ key: NEW_KEY });
    try {
      expect(await readRegister(alone)).toEqual([
        ['C01X00T47', 'EV8812345'],
        ['C01X00T47', 'EV8812345'],
      ]);
    } finally {
      await alone.close();
    }
  });
});
