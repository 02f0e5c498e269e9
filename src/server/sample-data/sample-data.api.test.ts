import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, properties } from '../db/schema';
import { seedDemoData } from '../db/seed';
import { createTestContext, insertTestBooking, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

describe.each(listTestDatabaseKinds())('sample data [%s]', (kind) => {
  let context: TestContext;
  let operator: Awaited<ReturnType<TestContext['createSignedInOperator']>>;
  beforeAll(async () => {
    context = await createTestContext(kind);
    operator = await context.createSignedInOperator();
    await seedDemoData(context.database.db, { ownerId: operator.id, today: '2026-11-22' });
  });
  afterAll(async () => {
    await context?.close();
  });

  const call = (method: 'GET' | 'DELETE', cookie = operator.cookie) =>
    context.app.inject({ method, url: '/api/sample-data', headers: { cookie } });

  it('marks every seeded booking as sample data and says how many there are', async () => {
    const rows = await context.database.db.select().from(bookings);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((row) => row.is_sample)).toBe(true);
    expect((await call('GET')).json()).toEqual({ sample_bookings: rows.length });
  });

  it("removes every sample booking in one action and keeps real ones and another operator's", async () => {
    const [villa] = await context.database.db
      .select()
      .from(properties)
      .where(eq(properties.owner_id, operator.id))
      .orderBy(properties.created_at);
    const real = await insertTestBooking(context.database, villa!.id, {
      check_in: '2030-01-01',
      check_out: '2030-01-03',
      guest_name: 'A Real Guest',
    });
    const stranger = await context.createSignedInOperator();
    expect((await call('DELETE', stranger.cookie)).json()).toMatchObject({ removed_bookings: 0 });
    const sampleCount = (await call('GET')).json().sample_bookings;

    const removed = await call('DELETE');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed_bookings: sampleCount, sample_bookings: 0 });
    const left = await context.database.db.select().from(bookings);
    expect(left.map((row) => row.id)).toEqual([real.id]);
    expect((await call('GET')).json()).toEqual({ sample_bookings: 0 });

    const history = await context.app.inject({
      method: 'GET',
      url: '/api/audit-events?entity_type=booking&actor=operator&limit=200',
      headers: { cookie: operator.cookie },
    });
    expect(
      history.json().events.filter((event: { action: string }) => event.action === 'delete'),
    ).toHaveLength(sampleCount);
  });

  it('needs a session', async () => {
    expect((await context.app.inject({ method: 'DELETE', url: '/api/sample-data' })).statusCode).toBe(401);
  });
});
