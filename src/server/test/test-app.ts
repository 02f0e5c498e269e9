import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { upsertOperator } from '../auth/queries';
import { bookings, properties, propertyCalendar } from '../db/schema';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

export type TestContext = {
  kind: DatabaseKind;
  database: TestDatabase;
  app: FastifyInstance;
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
  bookingRequestsPerHour: 1000,
  pendingRequestLimits: { perNetwork: 1000, perEmail: 1000, nightsMax: 100_000 },
} satisfies Partial<AppOptions>;

export async function createTestContext(
  kind: DatabaseKind,
  options: Partial<AppOptions> = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({ database, signInDelayMs: 0, checkResponses: true, ...options });
  await app.ready();
  return {
    kind,
    database,
    app,
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
