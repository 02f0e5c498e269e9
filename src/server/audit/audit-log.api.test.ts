import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/queries';
import { auditEvents, operatorSessions } from '../db/schema';
import { declareActor, withOperator } from '../db/with-operator';
import { createTestContext, insertTestProperty, readSessionCookie, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';

const NOW = new Date('2026-11-22T06:00:00Z');

describe.each(listTestDatabaseKinds())('audit log [%s]', (kind) => {
  let context: TestContext;
  let operator: Awaited<ReturnType<TestContext['createSignedInOperator']>>;
  let propertyId: string;
  beforeAll(async () => {
    context = await createTestContext(kind, { now: () => NOW, requests: { perHour: 1000 } });
    operator = await context.createSignedInOperator();
    const created = await call('POST', '/api/properties', {
      name: 'Audit Villa',
      address: '1 Fort Road',
      city: 'Pune',
      country: 'India',
      bedrooms: 3,
      bathrooms: 2,
      max_guests: 6,
      base_price: 1000,
    });
    expect(created.statusCode).toBe(201);
    propertyId = created.json().id;
  });
  afterAll(async () => {
    await context?.close();
  });

  function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return context.app.inject({ method, url, payload, headers: { cookie: operator.cookie } });
  }
  async function listEvents(query: string) {
    const response = await call('GET', `/api/audit-events?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { events: Record<string, unknown>[]; next_before: number | null };
  }

  it("records the operator's changes to a property with the values before and after", async () => {
    const changed = await call('PATCH', `/api/properties/${propertyId}`, { base_price: 1200 });
    expect(changed.statusCode).toBe(200);
    const { events } = await listEvents(`entity_type=property&entity_id=${propertyId}`);
    expect(events[0]).toMatchObject({
      actor: 'operator',
      actor_id: operator.id,
      action: 'update',
      before: { base_price: 1000 },
      after: { base_price: 1200 },
    });
    expect(events.at(-1)).toMatchObject({ action: 'insert', after: { name: 'Audit Villa' } });
  });

  it('records a guest request and its confirmation, as a booking history', async () => {
    const requested = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      remoteAddress: '198.51.100.7',
      payload: {
        check_in: '2026-12-10',
        check_out: '2026-12-12',
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: 'asha@example.com',
      },
    });
    expect(requested.statusCode).toBe(201);
    const [created] = (await listEvents('entity_type=booking')).events;
    const bookingId = created!.entity_id as string;
    expect(created).toMatchObject({ actor: 'guest', actor_id: '198.51.100.0/24', action: 'insert' });
    await call('PATCH', `/api/bookings/${bookingId}/status`, { status: 'confirmed' });
    const history = await listEvents(`entity_type=booking&entity_id=${bookingId}`);
    expect(history.events.map((event) => [event.actor, event.action])).toEqual([
      ['operator', 'update'],
      ['guest', 'insert'],
    ]);
    expect(history.events[0]).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'confirmed' },
      // Named in words: its reference, guest and property, with the property's currency for its amounts.
      subject: expect.stringMatching(/^SV-[0-9A-F]{8} · Asha Rao · .+$/),
      currency: expect.stringMatching(/^[A-Z]{3}$/),
    });
  });

  it("records a guest's withdrawal with the network it came from, as their request", async () => {
    const requested = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      remoteAddress: '198.51.100.9',
      payload: {
        check_in: '2026-12-20',
        check_out: '2026-12-22',
        guests_count: 2,
        guest_name: 'Ravi Rao',
        guest_email: 'ravi@example.com',
      },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const [created] = (await listEvents('entity_type=booking')).events;
    const bookingId = created!.entity_id as string;
    const withdrawn = await context.app.inject({
      method: 'POST',
      url: `/api${requested.json().request_path.replace('/request/', '/requests/')}/withdraw`,
      remoteAddress: '203.0.113.44',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const history = await listEvents(`entity_type=booking&entity_id=${bookingId}`);
    expect(history.events[0]).toMatchObject({
      actor: 'guest',
      actor_id: '203.0.113.0/24',
      action: 'update',
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
  });

  it('records calendar days, pricing rules and who changed them', async () => {
    const edit = await call('PUT', `/api/properties/${propertyId}/calendar`, {
      start: '2027-01-05',
      end: '2027-01-06',
      is_available: false,
    });
    expect(edit.statusCode).toBe(200);
    const days = await listEvents(`entity_type=calendar_day&property_id=${propertyId}`);
    expect(days.events.map((event) => event.entity_id).sort()).toEqual([
      `${propertyId}/2027-01-05`,
      `${propertyId}/2027-01-06`,
    ]);
    const rules = await call('GET', `/api/properties/${propertyId}/pricing`);
    const saved = await call(
      'PUT',
      `/api/properties/${propertyId}/pricing`,
      rules.json().rules ?? rules.json(),
    );
    expect(saved.statusCode).toBeLessThan(300);
    const pricing = await listEvents(`entity_type=pricing_rules&entity_id=${propertyId}`);
    expect(pricing.events[0]).toMatchObject({ actor: 'operator', action: 'insert' });
  });

  it('records sessions and password changes without any secret', async () => {
    const { events } = await listEvents('entity_type=session');
    expect(events[0]).toMatchObject({ action: 'insert', actor: 'operator' });
    await context.database.db.transaction(async (tx) => {
      await declareActor(tx, 'cli');
      await upsertOperator(tx, {
        email: operator.email,
        password: 'another long password',
        hashCost: TEST_PASSWORD_HASH_COST,
      });
    });
    // A new password ends every session: sign in again with it.
    const signIn = await context.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: operator.email, password: 'another long password' },
    });
    operator = { ...operator, cookie: readSessionCookie(signIn) };
    const account = await listEvents('entity_type=operator');
    expect(account.events[0]).toMatchObject({ actor: 'cli', action: 'update' });
    const text = JSON.stringify(account.events);
    expect(text).not.toContain('scrypt');
    expect(text).not.toMatch(/\$[0-9a-f]{20,}/);
  });

  it("leaves a session's once-a-minute 'last used' touch out, and still records its end", async () => {
    const countSessionEvents = async () => {
      const [row] = await context.database.db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditEvents)
        .where(sql`${auditEvents.entity_type} = 'session'`);
      return row!.total;
    };
    const before = await countSessionEvents();
    await context.database.db
      .update(operatorSessions)
      .set({ last_used_at: sql`now() + interval '1 minute'` })
      .where(sql`${operatorSessions.operator_id} = ${operator.id}`);
    expect(await countSessionEvents()).toBe(before);
    const other = await context.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: operator.email, password: 'another long password' },
    });
    expect(await countSessionEvents()).toBe(before + 1);
    const signOut = await context.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: readSessionCookie(other) },
    });
    expect(signOut.statusCode).toBeLessThan(300);
    expect(await countSessionEvents()).toBe(before + 2);
  });

  it('pages newest first and filters by actor and date', async () => {
    const first = await listEvents('limit=2');
    expect(first.events).toHaveLength(2);
    expect(first.next_before).toBe(first.events[1]!.id);
    const next = await listEvents(`limit=2&before=${first.next_before}`);
    expect((next.events[0]!.id as number) < (first.events[1]!.id as number)).toBe(true);
    const guests = await listEvents('actor=guest');
    expect(guests.events.every((event) => event.actor === 'guest')).toBe(true);
    expect((await listEvents('from=2000-01-01&to=2001-01-01')).events).toEqual([]);
    expect((await call('GET', '/api/audit-events?actor=hacker')).statusCode).toBe(400);
    expect((await call('GET', '/api/audit-events?entity_id=%27%3B')).statusCode).toBe(400);
    expect((await context.app.inject({ method: 'GET', url: '/api/audit-events' })).statusCode).toBe(401);
  });

  it('shows an operator only their own events', async () => {
    const stranger = await context.createSignedInOperator();
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/audit-events?entity_type=property',
      headers: { cookie: stranger.cookie },
    });
    expect(response.json().events).toEqual([]);
  });

  it('is described in the OpenAPI document, with the other operations of this work', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operationIds).toEqual(
      expect.arrayContaining([
        'listAuditEvents',
        'getSampleData',
        'removeSampleData',
        'declinePendingRequests',
      ]),
    );
  });

  it('cannot be changed or deleted by the application role, in the database itself', async () => {
    for (const statement of [
      sql`update audit_events set actor = 'system'`,
      sql`delete from audit_events`,
      sql`insert into audit_events (actor, entity_type, entity_id, action) values ('system', 'x', 'y', 'insert')`,
    ]) {
      await expect(
        withOperator(context.database.db, operator.id, (tx) => tx.execute(statement)),
      ).rejects.toThrow();
    }
    const count = await context.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(count[0]!.n).toBeGreaterThan(5);
  });

  it('is written in the transaction of the change: a rolled-back change leaves no event', async () => {
    const before = (await listEvents(`entity_type=property&entity_id=${propertyId}`)).events.length;
    await expect(
      withOperator(context.database.db, operator.id, async (tx) => {
        await tx.execute(sql`update properties set name = 'Renamed' where id = ${propertyId}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await listEvents(`entity_type=property&entity_id=${propertyId}`)).events).toHaveLength(before);
  });

  it('names the seed (system) and keeps events of a property another operator owns apart', async () => {
    const other = await context.createSignedInOperator();
    await insertTestProperty(context.database, other.id, { name: 'Not Yours' });
    const mine = await listEvents('entity_type=property');
    expect(mine.events.some((event) => (event.after as { name?: string } | null)?.name === 'Not Yours')).toBe(
      false,
    );
  });
});
