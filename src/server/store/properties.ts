import { and, asc, eq, inArray, gte, sql } from 'drizzle-orm';
import type { NewProperty, Property, PropertyUpdate } from '../../domain/property';
import { OPEN_STATUSES } from '../../domain/booking';
import type { Executor } from '../db/client';
import { bookings, properties } from '../db/schema';
import { DomainError } from '../../domain/domain-error';

type PropertyRow = typeof properties.$inferSelect;

/** A property as the API answers it: its base price in minor units, as the database keeps it. */
export function shapeProperty(row: PropertyRow): Property {
  // Which words its messages start from is the message templates' business (they say it per template).
  const { updated_at: _updatedAt, message_wording: _wording, ...rest } = row;
  return { ...rest, created_at: row.created_at.toISOString() };
}

/** Active properties, oldest first (the retreat's own villa leads). Row-level security limits them to the operator's. */
export async function listActiveProperties(db: Executor): Promise<Property[]> {
  const rows = await db
    .select()
    .from(properties)
    .where(eq(properties.is_active, true))
    .orderBy(asc(properties.created_at), asc(properties.id));
  return rows.map(shapeProperty);
}

export async function findProperty(db: Executor, propertyId: string): Promise<Property | undefined> {
  const [row] = await db.select().from(properties).where(eq(properties.id, propertyId)).limit(1);
  return row ? shapeProperty(row) : undefined;
}

export async function insertProperty(
  db: Executor,
  input: NewProperty & { owner_id: string },
): Promise<Property> {
  const [row] = await db.insert(properties).values(input).returning();
  if (!row) throw new Error('The property was not saved');
  return shapeProperty(row);
}

/** Active bookings: pending or confirmed, of an active property, whose check-out is today or later. */
export async function countActiveBookings(db: Executor, today: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(
      and(
        eq(properties.is_active, true),
        inArray(bookings.status, [...OPEN_STATUSES]),
        gte(bookings.check_out, today),
      ),
    );
  return row?.count ?? 0;
}

export const PROPERTY_NOT_FOUND = 'Property not found';

/** The property, if the operator may see it; a 404 otherwise (row-level security hides others'). */
export async function requireProperty(db: Executor, propertyId: string): Promise<Property> {
  const property = await findProperty(db, propertyId);
  if (!property) throw new DomainError('property_not_found', PROPERTY_NOT_FOUND);
  return property;
}

export async function updateProperty(
  db: Executor,
  propertyId: string,
  changes: PropertyUpdate,
): Promise<Property | undefined> {
  const [row] = await db
    .update(properties)
    .set({
      ...changes,
      updated_at: sql`now()`,
    })
    .where(eq(properties.id, propertyId))
    .returning();
  return row ? shapeProperty(row) : undefined;
}
