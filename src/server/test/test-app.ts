import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { toMajor, toMinorUnits } from '../../domain/money';
import { buildApp, type AppDeps } from '../app';
import { upsertOperator } from '../auth/queries';
import { bookings, properties, propertyCalendar } from '../db/schema';
import type { Config, ConfigOverrides } from '../env';
import { createTestConfig } from './test-config';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

export type TestContext = {
  kind: DatabaseKind;
  database: TestDatabase;
  app: FastifyInstance;
  /** The configuration the app was built with. */
  config: Config;
  /** Creates an operator with a unique e-mail and signs them in; returns their id and cookie header. */
  createSignedInOperator(): Promise<{ id: string; email: string; password: string; cookie: string }>;
  close(): Promise<void>;
};

export type SignedInOperator = Awaited<ReturnType<TestContext['createSignedInOperator']>>;

let counter = 0;
export const uniqueEmail = (prefix = 'operator') => `${prefix}-${Date.now()}-${(counter += 1)}@example.com`;
export const TEST_PASSWORD = 'correct horse battery staple';
/** A test's "now": 06:00 UTC is 11:30 in India, so "today" for the villa is 2026-11-22. */
export const TEST_NOW = new Date('2026-11-22T06:00:00Z');

/** The session cookie a response set, as a request's Cookie header. */
export function readSessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'villa_session');
  if (!cookie) throw new Error(`No session cookie was set (status ${response.statusCode}: ${response.body})`);
  return `villa_session=${cookie.value}`;
}

/**
 * For tests that send many guest requests from one address: request limits high enough never to answer
 * 429. The limits themselves have tests of their own (pending-request-limits.api.test.ts).
 */
export const UNLIMITED_REQUESTS = {
  perHour: 1000,
  pending: { perNetwork: 1000, perEmail: 1000, nightsMax: 100_000 },
} satisfies ConfigOverrides['requests'];

/** A test app's configuration (merged into the test configuration) and what it is given besides. */
export type TestAppOverrides = ConfigOverrides & Omit<Partial<AppDeps>, 'database'>;

/** Splits what createTestContext is given into the configuration's overrides and the app's other deps. */
export function splitTestOverrides(overrides: TestAppOverrides): {
  config: ConfigOverrides;
  deps: Omit<Partial<AppDeps>, 'database'>;
} {
  const { now, logger, throttle, leaseHolder, onMessagesWritten, checkResponses, ...config } = overrides;
  return {
    config,
    deps: {
      now,
      logger,
      throttle,
      leaseHolder,
      onMessagesWritten,
      ...(checkResponses === undefined ? {} : { checkResponses }),
    },
  };
}

/**
 * The app answers before the messages its events call for are written; a test reads the outbox (or sends
 * it) right after a request, so its requests wait for that too, as a person looking a moment later finds it.
 */
export function settleAfterEachRequest(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app) as (options: unknown) => Promise<LightMyRequestResponse>;
  const settled = async (options: unknown) => {
    const response = await inject(options);
    await app.eventsHandled();
    return response;
  };
  app.inject = settled as unknown as FastifyInstance['inject'];
  return app;
}

/** A fresh database of `kind` and an app on it, configured as createTestConfig(overrides) says. */
export async function createTestContext(
  kind: DatabaseKind,
  overrides: TestAppOverrides = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const { config: configOverrides, deps } = splitTestOverrides(overrides);
  const config = createTestConfig(configOverrides);
  const app = settleAfterEachRequest(await buildApp(config, { database, checkResponses: true, ...deps }));
  await app.ready();
  return {
    kind,
    database,
    app,
    config,
    async createSignedInOperator() {
      const email = uniqueEmail();
      const operator = await upsertOperator(database.db, {
        email,
        password: TEST_PASSWORD,
        hashCost: config.sessions.passwordHashCost,
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email, password: TEST_PASSWORD },
      });
      return { id: operator.id, email, password: TEST_PASSWORD, cookie: readSessionCookie(response) };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A test context (as createTestContext(kind, overrides) makes it) with an operator signed in, their cookie,
 * and the id of a property of theirs, inserted with `propertyValues`.
 */
export async function createSignedInContext(
  kind: DatabaseKind,
  overrides: TestAppOverrides = {},
  propertyValues: PropertyValues = {},
) {
  const context = await createTestContext(kind, overrides);
  try {
    const operator = await context.createSignedInOperator();
    const property = await insertTestProperty(context.database, operator.id, propertyValues);
    return { context, operator, cookie: operator.cookie, propertyId: property.id };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * For a suite: registers hooks that make a signed-in context (as createSignedInContext does) before its
 * tests and close it after them. What it returns is filled in by then; read it inside the tests.
 */
export function useSignedInContext(
  kind: DatabaseKind,
  overrides: TestAppOverrides = {},
  propertyValues: PropertyValues = {},
) {
  const current = {} as Awaited<ReturnType<typeof createSignedInContext>>;
  beforeAll(async () => {
    Object.assign(current, await createSignedInContext(kind, overrides, propertyValues));
  });
  afterAll(async () => {
    await current.context?.close();
  });
  return current;
}

// Amounts in these helpers are major units (1500.5), as the API takes them; rows come back the same way.
type PropertyValues = Omit<Partial<typeof properties.$inferInsert>, 'base_price'> & { base_price?: number };
type BookingValues = Omit<Partial<typeof bookings.$inferInsert>, 'total_amount'> & { total_amount?: number };

/** Inserts a property directly (as the table owner, bypassing row-level security). */
export async function insertTestProperty(
  database: TestDatabase,
  ownerId: string,
  { base_price, ...values }: PropertyValues = {},
) {
  const [row] = await database.db
    .insert(properties)
    .values({
      name: 'Test Villa',
      address: '1 Test Road',
      city: 'Pune',
      country: 'India',
      owner_id: ownerId,
      ...values,
      ...(base_price === undefined ? {} : { base_price: toMinorUnits(base_price) }),
    })
    .returning();
  return { ...row!, base_price: toMajor(row!.base_price) };
}

/**
 * Inserts a property into a database migrated only up to an older version (`createTestDatabaseBefore`),
 * in SQL with the columns every version has: the schema in code has columns added later.
 */
export async function insertOlderTestProperty(database: TestDatabase, ownerId: string): Promise<string> {
  const result = await database.db.execute(
    sql`insert into properties (name, address, city, country, owner_id)
        values ('Test Villa', '1 Test Road', 'Pune', 'India', ${ownerId}) returning id`,
  );
  const rows = (result as { rows?: { id: string }[] }).rows ?? (result as unknown as { id: string }[]);
  return rows[0]!.id;
}

export async function insertTestBooking(
  database: TestDatabase,
  propertyId: string,
  { total_amount = 300, ...values }: BookingValues = {},
) {
  const [row] = await database.db
    .insert(bookings)
    .values({
      property_id: propertyId,
      guest_name: 'Test Guest',
      guest_email: 'guest@example.com',
      check_in: '2026-12-01',
      check_out: '2026-12-04',
      guests_count: 2,
      total_amount: toMinorUnits(total_amount),
      ...values,
    })
    .returning();
  return { ...row!, total_amount: toMajor(row!.total_amount) };
}

/** Inserts bookings of one property, one after another, in the order given. */
export async function insertTestBookings(
  database: TestDatabase,
  propertyId: string,
  values: BookingValues[],
) {
  const rows = [];
  for (const each of values) rows.push(await insertTestBooking(database, propertyId, each));
  return rows;
}

export async function insertTestCalendarDay(
  database: TestDatabase,
  propertyId: string,
  { price, ...values }: { date: string; is_available?: boolean; price?: number | null },
) {
  const [row] = await database.db
    .insert(propertyCalendar)
    .values({
      property_id: propertyId,
      ...values,
      ...(price === undefined ? {} : { price: price === null ? null : toMinorUnits(price) }),
    })
    .returning();
  return { ...row!, price: row!.price === null ? null : toMajor(row!.price) };
}
