import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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

let counter = 0;
export const uniqueEmail = (prefix = 'operator') => `${prefix}-${Date.now()}-${(counter += 1)}@example.com`;
export const TEST_PASSWORD = 'correct horse battery staple';

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
  const { now, logger, throttle, leaseHolder, onMessagesWritten, ...config } = overrides;
  return { config, deps: { now, logger, throttle, leaseHolder, onMessagesWritten } };
}

/** A fresh database of `kind` and an app on it, configured as createTestConfig(overrides) says. */
export async function createTestContext(
  kind: DatabaseKind,
  overrides: TestAppOverrides = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const { config: configOverrides, deps } = splitTestOverrides(overrides);
  const config = createTestConfig(configOverrides);
  const app = await buildApp(config, { database, checkResponses: true, ...deps });
  await app.ready();
  return {
    kind,
    database,
    app,
    config,
    async createSignedInOperator() {
      const email = uniqueEmail();
      const operator = await upsertOperator(database.db, { email, password: TEST_PASSWORD });
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

type PropertyValues = Partial<typeof properties.$inferInsert>;
type BookingValues = Partial<typeof bookings.$inferInsert>;

/** Inserts a property directly (as the table owner, bypassing row-level security). */
export async function insertTestProperty(
  database: TestDatabase,
  ownerId: string,
  values: PropertyValues = {},
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
    })
    .returning();
  return row!;
}

export async function insertTestBooking(
  database: TestDatabase,
  propertyId: string,
  values: BookingValues = {},
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
      total_amount: 300,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertTestCalendarDay(
  database: TestDatabase,
  propertyId: string,
  values: { date: string; is_available?: boolean; price?: number | null },
) {
  const [row] = await database.db
    .insert(propertyCalendar)
    .values({ property_id: propertyId, ...values })
    .returning();
  return row!;
}
