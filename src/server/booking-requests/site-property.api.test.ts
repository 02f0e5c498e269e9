import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { properties } from '../db/schema';
import {
  createTestContext,
  insertTestBooking,
  insertTestProperty,
  settleAfterEachRequest,
  type TestContext,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { BOOKINGS_CLOSED_MESSAGE } from '../../domain/booking-request';

const NOW = new Date('2026-11-22T06:00:00Z');
const stay = {
  check_in: '2026-12-10',
  check_out: '2026-12-12',
  guests_count: 2,
  guest_name: 'Asha Rao',
  guest_email: 'asha@example.com',
};

describe.each(listTestDatabaseKinds())("the public form books only the site's own property [%s]", (kind) => {
  let context: TestContext;
  let villaId: string;
  let otherRentalId: string;
  let strangersId: string;
  beforeEach(async () => {
    context = await createTestContext(kind, { now: () => NOW, requests: { perHour: 1000 } });
    const operator = await context.createSignedInOperator();
    const stranger = await context.createSignedInOperator();
    villaId = (await insertTestProperty(context.database, operator.id, { name: 'The Villa' })).id;
    otherRentalId = (await insertTestProperty(context.database, operator.id, { name: 'City Flat' })).id;
    strangersId = (await insertTestProperty(context.database, stranger.id, { name: "A Stranger's House" }))
      .id;
    await insertTestBooking(context.database, otherRentalId, {
      check_in: '2026-12-01',
      check_out: '2026-12-05',
      status: 'confirmed',
    });
  });
  afterEach(async () => {
    await context?.close();
  });

  const deactivate = (id: string) =>
    context.database.db.update(properties).set({ is_active: false }).where(eq(properties.id, id));

  async function expectClosed(app = context.app) {
    const availability = await app.inject({ method: 'GET', url: '/api/availability' });
    const quote = await app.inject({
      method: 'GET',
      url: '/api/quote?check_in=2026-12-10&check_out=2026-12-12',
    });
    const request = await app.inject({ method: 'POST', url: '/api/booking-requests', payload: stay });
    for (const response of [availability, quote, request]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(BOOKINGS_CLOSED_MESSAGE);
      expect(response.body).not.toContain('City Flat');
      expect(response.body).not.toContain('Stranger');
    }
  }

  it('answers with the villa while it is active', async () => {
    const availability = await context.app.inject({ method: 'GET', url: '/api/availability' });
    expect(availability.json().property).toMatchObject({ id: villaId, name: 'The Villa' });
  });

  it("is not taking requests when the villa is deactivated, instead of publishing another rental's calendar", async () => {
    await deactivate(villaId);
    await expectClosed();
  });

  it("never falls back to another operator's property", async () => {
    await deactivate(villaId);
    await deactivate(otherRentalId);
    await expectClosed();
  });

  it('keeps to the configured SITE_PROPERTY_ID when it is deactivated', async () => {
    await context.app.close();
    const { buildApp } = await import('../app');
    const app = await buildApp(createTestConfig({ requests: { siteProperty: otherRentalId } }), {
      database: context.database,
      now: () => NOW,
    });
    await app.ready();
    const open = await app.inject({ method: 'GET', url: '/api/availability' });
    expect(open.json().property.id).toBe(otherRentalId);
    await deactivate(otherRentalId);
    await expectClosed(app);
    await app.close();
    context.app = settleAfterEachRequest(await buildApp(context.config, { database: context.database }));
    expect(strangersId).toBeTruthy();
  });
});
