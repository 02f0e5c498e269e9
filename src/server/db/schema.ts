import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Column names follow the specification (section 3) exactly. Rules Drizzle cannot express (the
// btree_gist exclusion constraint, roles, grants, row-level security) live in hand-written migrations.

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operators_email_key').on(table.email),
    check('operators_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    // sha256 of the cookie's token: a leaked table does not hand out sessions.
    id: text('id').primaryKey(),
    operator_id: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('operator_sessions_operator_idx').on(table.operator_id),
    index('operator_sessions_expires_idx').on(table.expires_at),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    property_type: text('property_type').notNull().default('villa'),
    bedrooms: integer('bedrooms').notNull().default(1),
    bathrooms: integer('bathrooms').notNull().default(1),
    max_guests: integer('max_guests').notNull().default(2),
    base_price: numeric('base_price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(100),
    currency: text('currency').notNull().default('AED'),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    airbnb_listing_id: text('airbnb_listing_id'),
    booking_com_id: text('booking_com_id'),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => operators.id),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('properties_owner_active_idx').on(table.owner_id, table.is_active, table.created_at),
    check(
      'properties_property_type_check',
      sql`${table.property_type} in (${inList(['villa', 'apartment', 'house', 'condo'])})`,
    ),
    check('properties_bedrooms_check', sql`${table.bedrooms} >= 1`),
    check('properties_bathrooms_check', sql`${table.bathrooms} >= 1`),
    check('properties_max_guests_check', sql`${table.max_guests} >= 1`),
    check('properties_base_price_check', sql`${table.base_price} >= 0`),
    check('properties_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('properties_name_check', sql`length(btrim(${table.name})) > 0`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    guest_name: text('guest_name').notNull(),
    guest_email: text('guest_email').notNull(),
    guest_phone: text('guest_phone'),
    check_in: date('check_in', { mode: 'string' }).notNull(),
    check_out: date('check_out', { mode: 'string' }).notNull(),
    guests_count: integer('guests_count').notNull().default(1),
    total_amount: numeric('total_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('AED'),
    status: text('status').notNull().default('pending'),
    booking_source: text('booking_source').notNull().default('direct'),
    payment_status: text('payment_status').notNull().default('unpaid'),
    special_requests: text('special_requests'),
    external_booking_id: text('external_booking_id'),
    // The Idempotency-Key of the guest request that created it: a retried request finds this booking.
    request_key: uuid('request_key'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_request_key_key').on(table.request_key),
    index('bookings_property_created_idx').on(table.property_id, table.created_at.desc()),
    index('bookings_property_check_in_idx').on(table.property_id, table.check_in),
    check('bookings_dates_check', sql`${table.check_out} > ${table.check_in}`),
    check('bookings_guests_count_check', sql`${table.guests_count} >= 1`),
    check('bookings_total_amount_check', sql`${table.total_amount} >= 0`),
    check('bookings_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'bookings_status_check',
      sql`${table.status} in (${inList(['pending', 'confirmed', 'completed', 'cancelled'])})`,
    ),
    check(
      'bookings_booking_source_check',
      sql`${table.booking_source} in (${inList(['direct', 'airbnb', 'booking_com'])})`,
    ),
    check(
      'bookings_payment_status_check',
      sql`${table.payment_status} in (${inList(['unpaid', 'partial', 'paid', 'refunded'])})`,
    ),
  ],
);

export const propertyCalendar = pgTable(
  'property_calendar',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    is_available: boolean('is_available').notNull().default(true),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('property_calendar_property_date_key').on(table.property_id, table.date),
    check('property_calendar_price_check', sql`${table.price} is null or ${table.price} >= 0`),
  ],
);
