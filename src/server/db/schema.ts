import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  KEPT_PRICE_REASON_MAX,
  OPERATOR_NOTE_MAX,
  PAYMENT_STATUSES,
} from '../../domain/booking';
import { ID_TYPES } from '../../domain/check-in';
import { CALENDAR_READERS, CHANNEL_KINDS, CONFLICT_KINDS, CONFLICT_STATUSES } from '../../domain/channel';
import { INVOICE_KINDS, type InvoiceDocument } from '../../domain/invoice-document';
import { INVOICE_SERIES } from '../../domain/invoice';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/language';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../../domain/message';
import {
  MESSAGE_TEMPLATE_KINDS,
  MESSAGE_TEMPLATE_LIMITS,
  MESSAGE_WORDINGS,
} from '../../domain/message-template';
import {
  PAYMENT_KINDS,
  PAYMENT_LIMITS,
  PAYMENT_METHODS,
  PAYMENT_SETTINGS_DEFAULTS,
} from '../../domain/payment';
import { GATEWAY_REFUND_STATUSES } from '../../domain/gateway-refund';
import { DOMAIN_EVENT_KINDS } from '../../domain/events';
import { DEFAULT_CURRENCY, EVENT_CAPACITY_MAX, PROPERTY_TYPES } from '../../domain/property';
import type { PricingRules, StayQuote } from '../../domain/pricing';
import type { MinorUnits } from '../../domain/money';
import { moneyColumn } from './money-column';

// Tables and columns keep the names the product was first specified with (properties, bookings,
// property_calendar). Value lists come from src/domain, so a column's type and its CHECK constraint are
// built from the same array. The btree_gist exclusion constraint, which Drizzle cannot express, lives in
// hand-written migrations; roles, grants, row-level security, functions and triggers in src/server/db/rules.

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    // The hash OPERATOR_PASSWORD was last applied as: a start with the same value leaves the password
    // alone, so it never undoes a later change from the command line or the management area.
    env_password_hash: text('env_password_hash'),
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
    // The handle the management area names a session by (listSessions, revokeSession): not the token's hash.
    public_id: uuid('public_id').notNull().defaultRandom(),
    operator_id: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Idle sessions end (SESSION_IDLE_HOURS); the device and address let the operator recognise them.
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    user_agent: text('user_agent'),
    ip_address: text('ip_address'),
  },
  (table) => [
    index('operator_sessions_operator_idx').on(table.operator_id),
    index('operator_sessions_expires_idx').on(table.expires_at),
    uniqueIndex('operator_sessions_public_id_key').on(table.public_id),
  ],
);

/**
 * Browsers that have signed in successfully before (a device cookie, stored hashed): they keep signing in
 * while the account is under attack from elsewhere.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: text('id').primaryKey(),
    operator_id: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('trusted_devices_operator_idx').on(table.operator_id)],
);

/**
 * Sign-in attempt counters (fixed windows) shared by every server process. Kept in the database so a
 * limit holds across processes and cannot be flushed by filling memory with junk keys.
 */
export const signInCounters = pgTable(
  'sign_in_counters',
  {
    key: text('key').primaryKey(),
    window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [index('sign_in_counters_window_idx').on(table.window_started_at)],
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
    property_type: text('property_type', { enum: PROPERTY_TYPES }).notNull().default('villa'),
    bedrooms: integer('bedrooms').notNull().default(1),
    bathrooms: integer('bathrooms').notNull().default(1),
    max_guests: integer('max_guests').notNull().default(2),
    // Guests an event may bring, apart from those who stay the night; null: no events.
    event_capacity: integer('event_capacity'),
    // The SQL default as SQL reads it (100.00), which drizzle-kit writes out as it is.
    base_price: moneyColumn('base_price')
      .notNull()
      .default(100 as MinorUnits),
    currency: text('currency').notNull().default(DEFAULT_CURRENCY),
    // The GST state code of where the property is (27: Maharashtra), its invoices' place of supply.
    state_code: text('state_code'),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    airbnb_listing_id: text('airbnb_listing_id'),
    booking_com_id: text('booking_com_id'),
    // Which words its scheduled messages start from until the operator saves their own: the villa's (its
    // fort, temple gate and monkeys) or neutral ones that name the property's own address.
    message_wording: text('message_wording', { enum: MESSAGE_WORDINGS }).notNull().default('neutral'),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => operators.id),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('properties_owner_active_idx').on(table.owner_id, table.is_active, table.created_at),
    check('properties_property_type_check', sql`${table.property_type} in (${inList(PROPERTY_TYPES)})`),
    check('properties_bedrooms_check', sql`${table.bedrooms} >= 1`),
    check('properties_bathrooms_check', sql`${table.bathrooms} >= 1`),
    check('properties_max_guests_check', sql`${table.max_guests} >= 1`),
    check(
      'properties_event_capacity_check',
      sql`${table.event_capacity} is null or ${table.event_capacity} between 1 and ${sql.raw(String(EVENT_CAPACITY_MAX))}`,
    ),
    check('properties_base_price_check', sql`${table.base_price} >= 0`),
    check('properties_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('properties_name_check', sql`length(btrim(${table.name})) > 0`),
    check('properties_state_code_check', sql`${table.state_code} ~ '^[0-9]{2}$'`),
    check('properties_message_wording_check', sql`${table.message_wording} in (${inList(MESSAGE_WORDINGS)})`),
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
    // Null only for a channel's stay whose feed does not say how many come (most iCal feeds do not).
    guests_count: integer('guests_count').default(1),
    total_amount: moneyColumn('total_amount')
      .notNull()
      .default(0 as MinorUnits),
    currency: text('currency').notNull().default(DEFAULT_CURRENCY),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    booking_source: text('booking_source', { enum: BOOKING_SOURCES }).notNull().default('direct'),
    payment_status: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    special_requests: text('special_requests'),
    external_booking_id: text('external_booking_id'),
    // The price as quoted when the booking was made (nights, lines, taxes), so a later change of the
    // pricing rules never changes what a guest was quoted. Null for bookings made before rules existed.
    quote: jsonb('quote').$type<StayQuote>(),
    // The Idempotency-Key of the guest request that created it: a retried request finds this booking.
    request_key: uuid('request_key'),
    // A stay imported from a channel's calendar: the connection and the event's UID in that feed.
    // Removing the connection keeps the booking (set null): the operator decides what happens to it.
    channel_connection_id: uuid('channel_connection_id').references(() => channelConnections.id, {
      onDelete: 'set null',
    }),
    channel_uid: text('channel_uid'),
    // False when the amount is not known (a channel feed carries no price): total_amount is then 0.
    amount_known: boolean('amount_known').notNull().default(true),
    // A guest request's network (IPv4 /24, IPv6 /64): pending requests per network are limited.
    request_network: text('request_network'),
    // sha256 of everything the guest sent with an Idempotency-Key: a reused key with another body is refused.
    request_fingerprint: text('request_fingerprint'),
    // Made up by the seed to show the product; the operator removes it all in one action.
    is_sample: boolean('is_sample').notNull().default(false),
    // Set only by migration 0019 on a completed stay that already shared nights with another stay (a stay
    // completed before its check-out had freed them): the no-overlap rule leaves such history as it was.
    overlap_exempt: boolean('overlap_exempt').notNull().default(false),
    // The operator's private note on the stay: for the management area only, never for the guest or a feed.
    operator_note: text('operator_note'),
    // The language the guest asked in (the site's page): their request page and e-mails follow it.
    guest_language: text('guest_language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    // When the stay was first confirmed (by the app's clock), set by the database whenever the status becomes
    // 'confirmed' and never moved after: the deposit falls due that day.
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    // Why the operator kept the stay's total when they last changed its dates or guests instead of taking
    // the new quote (their words): the audit log keeps each one with the change. Null once a quote is taken.
    kept_price_reason: text('kept_price_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_request_key_key').on(table.request_key),
    uniqueIndex('bookings_channel_uid_key')
      .on(table.channel_connection_id, table.channel_uid)
      .where(sql`${table.channel_connection_id} is not null`),
    // The list's two orders, with the id as the tie-break, so a page is read straight from an index.
    index('bookings_property_newest_idx').on(
      table.property_id,
      table.created_at.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('bookings_property_check_in_id_idx').on(table.property_id, table.check_in, table.id),
    // The few pending guest requests, which every new request counts (per network, e-mail and nights).
    index('bookings_pending_requests_idx')
      .on(table.property_id)
      .where(sql`${table.status} = 'pending' and ${table.request_network} is not null`),
    // Trigram indexes, so a search for part of a name or e-mail does not read every booking. Row-level
    // security keeps the planner from using them for ILIKE (the operator is not leakproof), so the search
    // goes through search_booking_ids(), which checks the property's owner itself. No pending list
    // (fastupdate off): each new booking goes straight into the index, so a search never rereads the
    // recent bookings' unsorted entries, and the planner does not fall back to reading every booking
    // because the list made the index look dear (migration 0016).
    index('bookings_guest_name_trgm_idx')
      .using('gin', table.guest_name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('bookings_guest_email_trgm_idx')
      .using('gin', table.guest_email.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // A phone in any spelling is found by its digits; a channel's reservation code whole, in any case.
    index('bookings_guest_phone_digits_trgm_idx')
      .using('gin', sql`regexp_replace(${table.guest_phone}, '[^0-9]', '', 'g') gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('bookings_external_booking_id_upper_idx').on(sql`upper(${table.external_booking_id})`),
    check('bookings_dates_check', sql`${table.check_out} > ${table.check_in}`),
    check(
      'bookings_guests_count_check',
      // coalesce: "count >= 1 or …" is NULL for a NULL count, which a CHECK lets by.
      sql`coalesce(${table.guests_count} >= 1, ${table.booking_source} <> 'direct')`,
    ),
    check('bookings_guest_language_check', sql`${table.guest_language} in ('en', 'hi', 'mr')`),
    check(
      'bookings_operator_note_check',
      sql`char_length(${table.operator_note}) <= ${sql.raw(String(OPERATOR_NOTE_MAX))}`,
    ),
    check(
      'bookings_kept_price_reason_check',
      sql`char_length(${table.kept_price_reason}) <= ${sql.raw(String(KEPT_PRICE_REASON_MAX))}`,
    ),
    check('bookings_total_amount_check', sql`${table.total_amount} >= 0`),
    check('bookings_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('bookings_status_check', sql`${table.status} in (${inList(BOOKING_STATUSES)})`),
    check('bookings_booking_source_check', sql`${table.booking_source} in (${inList(BOOKING_SOURCES)})`),
    check('bookings_payment_status_check', sql`${table.payment_status} in (${inList(PAYMENT_STATUSES)})`),
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
    price: moneyColumn('price'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('property_calendar_property_date_key').on(table.property_id, table.date),
    check('property_calendar_price_check', sql`${table.price} is null or ${table.price} >= 0`),
  ],
);

// Channel sync: calendars imported from Airbnb, Booking.com and others, and this system's exports.
// Row-level security, grants and the export lookup function live in src/server/db/rules.

export const channelConnections = pgTable(
  'channel_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: CHANNEL_KINDS }).notNull(),
    name: text('name'),
    import_url: text('import_url').notNull(),
    // sha256 (hex) of the secret in this connection's own export URL (the calendar without what came from
    // it): a leaked table or backup does not hand out calendars. The URL itself is shown once, when made.
    export_token: text('export_token').notNull(),
    // Conditional-request validators, and the last feed read: when the channel answers 304 Not Modified
    // the sync still reconciles (the operator may have changed bookings here since), from this copy.
    etag: text('etag'),
    last_modified: text('last_modified'),
    feed_body: text('feed_body'),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    last_synced_at: timestamp('last_synced_at', { withTimezone: true }),
    last_error: text('last_error'),
    last_error_code: text('last_error_code'),
    last_result: jsonb('last_result'),
    // What the last successful sync left out of the feed, and why (LeftOut: a count and the first few).
    left_out: jsonb('left_out'),
    next_sync_at: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    // When the channel last read this connection's export URL (tells an echo from a new sale).
    exported_at: timestamp('exported_at', { withTimezone: true }),
    // When the operator was told this connection stopped syncing; cleared (and they are told) when it
    // syncs again. Set, it keeps every later failed attempt from telling them once more.
    unhealthy_notified_at: timestamp('unhealthy_notified_at', { withTimezone: true }),
    // When the channel first answered an empty calendar while this connection held nights here; they
    // reopen only when it is still empty CHANNEL_EMPTY_CONFIRM_MINUTES later. Any calendar with events clears it.
    empty_since: timestamp('empty_since', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('channel_connections_export_token_key').on(table.export_token),
    check('channel_connections_export_token_hashed', sql`${table.export_token} ~ '^[0-9a-f]{64}$'`),
    index('channel_connections_property_idx').on(table.property_id, table.created_at),
    index('channel_connections_next_sync_idx').on(table.next_sync_at),
    check('channel_connections_channel_check', sql`${table.channel} in (${inList(CHANNEL_KINDS)})`),
    check('channel_connections_import_url_check', sql`${table.import_url} ~ '^https?://'`),
  ],
);

/**
 * The secret of a property's whole-calendar export URL, as its sha256 (hex) like a connection's: rotating
 * it replaces the row's token.
 */
export const channelExports = pgTable(
  'channel_exports',
  {
    property_id: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotated_at: timestamp('rotated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('channel_exports_token_key').on(table.token),
    check('channel_exports_token_hashed', sql`${table.token} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Export addresses replaced by a rotation, as the sha256 (hex) of their secret like the current ones: each
 * still answers until expires_at, so the channels already reading it keep their calendar while the
 * operator gives them the new address. connection_id null: the property's whole-calendar address.
 */
export const channelExportRetiredTokens = pgTable(
  'channel_export_retired_tokens',
  {
    token: text('token').primaryKey(),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    connection_id: uuid('connection_id').references(() => channelConnections.id, { onDelete: 'cascade' }),
    retired_at: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('channel_export_retired_tokens_property_idx').on(table.property_id),
    check('channel_export_retired_tokens_token_hashed', sql`${table.token} ~ '^[0-9a-f]{64}$'`),
    check('channel_export_retired_tokens_expiry_check', sql`${table.expires_at} > ${table.retired_at}`),
  ],
);

/**
 * Who read an export address lately: one row per address (its token's hash, current or replaced) and
 * reader (the channel its User-Agent names), written by resolve_calendar_export() on each read.
 */
export const channelExportReads = pgTable(
  'channel_export_reads',
  {
    token: text('token').notNull(),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    connection_id: uuid('connection_id').references(() => channelConnections.id, { onDelete: 'cascade' }),
    reader: text('reader', { enum: CALENDAR_READERS }).notNull(),
    user_agent: text('user_agent'),
    last_read_at: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.token, table.reader] }),
    index('channel_export_reads_property_idx').on(table.property_id),
    check('channel_export_reads_token_hashed', sql`${table.token} ~ '^[0-9a-f]{64}$'`),
    check('channel_export_reads_reader_check', sql`${table.reader} in (${inList(CALENDAR_READERS)})`),
    check('channel_export_reads_user_agent_check', sql`char_length(${table.user_agent}) <= 300`),
  ],
);

/**
 * Nights a channel reports closed without a booking behind them ('Not available', Booking.com's closed
 * ranges). Kept apart from property_calendar, so a sync never touches the operator's own calendar edits.
 */
export const channelBlocks = pgTable(
  'channel_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connection_id: uuid('connection_id')
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: CHANNEL_KINDS }).notNull(),
    uid: text('uid').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    summary: text('summary'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('channel_blocks_connection_uid_key').on(table.connection_id, table.uid),
    index('channel_blocks_property_dates_idx').on(table.property_id, table.start_date, table.end_date),
    check('channel_blocks_dates_check', sql`${table.end_date} > ${table.start_date}`),
  ],
);

/** What a sync could not settle by itself, kept until the operator decides (or it settles itself). */
export const channelConflicts = pgTable(
  'channel_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    connection_id: uuid('connection_id')
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONFLICT_KINDS }).notNull(),
    status: text('status', { enum: CONFLICT_STATUSES }).notNull().default('open'),
    uid: text('uid').notNull(),
    item_kind: text('item_kind').notNull(),
    check_in: date('check_in', { mode: 'string' }).notNull(),
    check_out: date('check_out', { mode: 'string' }).notNull(),
    summary: text('summary'),
    external_booking_id: text('external_booking_id'),
    guest_name: text('guest_name'),
    booking_ids: uuid('booking_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    maybe_echo: boolean('maybe_echo').notNull().default(false),
    // Why the operator settled it as they did (their words), kept with the decision and in the audit log.
    resolution_note: text('resolution_note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    // One live conflict per feed item and kind; accepted and obsolete ones are history.
    uniqueIndex('channel_conflicts_live_key')
      .on(table.connection_id, table.kind, table.uid)
      .where(sql`${table.status} in ('open', 'dismissed')`),
    index('channel_conflicts_property_status_idx').on(table.property_id, table.status),
    check('channel_conflicts_kind_check', sql`${table.kind} in (${inList(CONFLICT_KINDS)})`),
    check('channel_conflicts_status_check', sql`${table.status} in (${inList(CONFLICT_STATUSES)})`),
    check('channel_conflicts_item_kind_check', sql`${table.item_kind} in ('stay', 'block')`),
    check('channel_conflicts_dates_check', sql`${table.check_out} > ${table.check_in}`),
  ],
);

/**
 * Leases on background work shared by several server processes on one database: whoever holds an
 * unexpired lease on a key does that work; a crashed holder's lease simply runs out.
 */
export const jobLeases = pgTable('job_leases', {
  key: text('key').primaryKey(),
  holder: text('holder').notNull(),
  acquired_at: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A property's pricing rules (validated by PricingRulesSchema); none means the defaults. */
export const pricingRules = pgTable('pricing_rules', {
  property_id: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<PricingRules>().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many bookings each property has, kept by triggers on `bookings` in the transaction of each insert,
 * delete, move and truncate (src/server/db/rules): the bookings list's unfiltered total is then read
 * in one row instead of counting the property's whole history on every page. A property without a row has
 * none. Only those triggers write it: neither application role may, and code running as the owner must
 * not either (a count written by hand drifts from the bookings without any error).
 */
export const propertyBookingCounts = pgTable(
  'property_booking_counts',
  {
    property_id: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
  },
  (table) => [check('property_booking_counts_total_check', sql`${table.total} >= 0`)],
);

/**
 * Every change to a property, booking, calendar day, channel connection, pricing rules, password or
 * session: written by database triggers in the transaction of the change (so it cannot be skipped or
 * lost), with the actor the transaction declared in `app.actor`. The application roles may only read it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    // The operator whose data changed: row-level security shows each operator their own events.
    operator_id: uuid('operator_id'),
    actor: text('actor').notNull(),
    actor_id: text('actor_id'),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id').notNull(),
    property_id: uuid('property_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_events_operator_idx').on(table.operator_id, table.id.desc()),
    index('audit_events_entity_idx').on(table.entity_type, table.entity_id, table.id.desc()),
    index('audit_events_property_idx').on(table.property_id, table.id.desc()),
    check('audit_events_action_check', sql`${table.action} in ('insert', 'update', 'delete', 'read')`),
  ],
);

// Messages: e-mail to guests and the operator, written in the same transaction as the change that causes
// them and sent by a background worker. Grants, row-level security and the guest page's lookups live in
// src/server/db/rules.

/**
 * The outbox: every message ever written, with its delivery state. A message is claimed by one process
 * at a time (locked_by/locked_until, a lease per message), so several processes never send it twice.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    property_id: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    booking_id: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    // The Message-ID header, fixed when the message is written: a resend after a crash between sending
    // and recording carries the same one, so the receiving side can tell it is the same message.
    message_id: text('message_id').notNull(),
    // The token of the request-page link in the message, kept only until it is sent: the bodies hold a
    // placeholder, which the worker fills in when sending, so no stored copy of a sent message opens a request.
    link_token: text('link_token'),
    // An invoice e-mail: the document whose PDF the worker attaches when sending.
    invoice_id: uuid('invoice_id').references((): AnyPgColumn => invoices.id),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_error: text('last_error'),
    locked_by: text('locked_by'),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('outbox_messages_message_id_key').on(table.message_id),
    index('outbox_messages_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_messages_property_created_idx').on(table.property_id, table.created_at.desc()),
    index('outbox_messages_booking_idx').on(table.booking_id),
    check('outbox_messages_kind_check', sql`${table.kind} in (${inList(MESSAGE_KINDS)})`),
    check('outbox_messages_status_check', sql`${table.status} in (${inList(MESSAGE_STATUSES)})`),
  ],
);

/**
 * A guest's request from the public form: whether the guest confirmed it, and how long it is held
 * before it lapses. Only requests from the public form have one (never a booking the operator entered or
 * one a channel brought), which is also how the lapse job tells them apart.
 */
export const requestLinks = pgTable(
  'request_links',
  {
    booking_id: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    hold_until: timestamp('hold_until', { withTimezone: true }).notNull(),
    // Until the guest opens the link in their e-mail, the request holds its nights only until confirm_by,
    // and is neither exported to the channels nor counted against the nights all requests may hold.
    confirm_by: timestamp('confirm_by', { withTimezone: true }).notNull().defaultNow(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    // Why a request ended without the operator deciding: 'withdrawn' by the guest, 'lapsed' unanswered, or
    // 'unconfirmed' (the guest never opened the link in their e-mail).
    closed_reason: text('closed_reason'),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('request_links_hold_idx')
      .on(table.hold_until)
      .where(sql`${table.closed_reason} is null`),
    check(
      'request_links_closed_reason_check',
      sql`${table.closed_reason} in ('withdrawn', 'lapsed', 'unconfirmed')`,
    ),
  ],
);

/**
 * The links to a guest's request page, stored as SHA-256 hashes of their tokens (like sessions): a backup
 * or a stolen database holds no usable link. Each message with a link carries a token of its own; the one
 * in the first e-mail also confirms the request ('confirm').
 */
export const requestTokens = pgTable(
  'request_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['page', 'confirm'] }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('request_tokens_booking_idx').on(table.booking_id),
    check('request_tokens_purpose_check', sql`${table.purpose} in ('page', 'confirm')`),
  ],
);

/**
 * A booking's ledger: every payment, refund and security deposit held or returned. Entries are never
 * changed or deleted (a mistake is reversed by an entry with corrects_id): the application role may only
 * read and insert, and a trigger refuses anyone else's change (src/server/db/rules). Inserting one derives
 * the booking's payment_status again in the same transaction; its currency must be the booking's.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    amount: moneyColumn('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    received_on: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    note: text('note'),
    // A gateway's id of the payment (Razorpay's pay_…): unique, so a payment delivered many times, even at
    // once, is recorded once.
    gateway_payment_id: text('gateway_payment_id'),
    // Checked at the end of the statement (no action), so a sample booking's whole ledger goes in one delete.
    corrects_id: uuid('corrects_id').references((): AnyPgColumn => payments.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The operator who recorded it (row-level security holds the application to its own); null: the system.
    created_by: uuid('created_by'),
    // Set on a void: a correction of all that was left of the entry corrects_id names, and why.
    void_reason: text('void_reason'),
  },
  (table) => [
    index('payments_booking_idx').on(table.booking_id, table.created_at),
    // The duplicate-reference check compares references case and spaces aside (normalizeReference).
    index('payments_reference_idx')
      .on(sql`lower(regexp_replace(${table.reference}, '\\s+', '', 'g'))`)
      .where(sql`${table.reference} is not null`),
    uniqueIndex('payments_gateway_payment_id_key').on(table.gateway_payment_id),
    index('payments_corrects_idx')
      .on(table.corrects_id)
      .where(sql`${table.corrects_id} is not null`),
    check('payments_kind_check', sql`${table.kind} in (${inList(PAYMENT_KINDS)})`),
    check('payments_method_check', sql`${table.method} in (${inList(PAYMENT_METHODS)})`),
    check('payments_amount_check', sql`${table.amount} > 0`),
    check('payments_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'payments_reference_check',
      sql`${table.reference} is null or char_length(${table.reference}) <= ${sql.raw(String(PAYMENT_LIMITS.referenceMax))}`,
    ),
    check(
      'payments_note_check',
      sql`${table.note} is null or char_length(${table.note}) <= ${sql.raw(String(PAYMENT_LIMITS.noteMax))}`,
    ),
    check(
      'payments_gateway_payment_id_check',
      sql`${table.gateway_payment_id} is null or char_length(${table.gateway_payment_id}) between 1 and 100`,
    ),
    check(
      'payments_void_reason_check',
      sql`${table.void_reason} is null or (${table.corrects_id} is not null and char_length(btrim(${table.void_reason})) between 1 and ${sql.raw(String(PAYMENT_LIMITS.noteMax))})`,
    ),
    check(
      'payments_corrects_other_check',
      sql`${table.corrects_id} is null or ${table.corrects_id} <> ${table.id}`,
    ),
  ],
);

/** A property's payment schedule and instructions; none means the defaults (PAYMENT_SETTINGS_DEFAULTS). */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    property_id: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    deposit_percent: integer('deposit_percent').notNull().default(PAYMENT_SETTINGS_DEFAULTS.deposit_percent),
    balance_due_days: integer('balance_due_days')
      .notNull()
      .default(PAYMENT_SETTINGS_DEFAULTS.balance_due_days),
    // In the property's currency.
    security_deposit: moneyColumn('security_deposit')
      .notNull()
      .default(PAYMENT_SETTINGS_DEFAULTS.security_deposit as MinorUnits),
    payment_instructions: text('payment_instructions')
      .notNull()
      .default(PAYMENT_SETTINGS_DEFAULTS.payment_instructions),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_settings_deposit_percent_check', sql`${table.deposit_percent} between 0 and 100`),
    check('payment_settings_balance_due_days_check', sql`${table.balance_due_days} between 0 and 365`),
    check('payment_settings_security_deposit_check', sql`${table.security_deposit} >= 0`),
    check(
      'payment_settings_payment_instructions_check',
      sql`char_length(${table.payment_instructions}) <= ${sql.raw(String(PAYMENT_LIMITS.instructionsMax))}`,
    ),
  ],
);

/**
 * The business behind an operator's invoices (one row per operator; none means the defaults). The API
 * checks each GSTIN's check character and PAN; the table keeps the shapes it can check by itself.
 */
export const businessProfiles = pgTable(
  'business_profiles',
  {
    operator_id: uuid('operator_id')
      .primaryKey()
      .references(() => operators.id, { onDelete: 'cascade' }),
    registered: boolean('registered').notNull().default(false),
    legal_name: text('legal_name').notNull(),
    trade_name: text('trade_name'),
    address: text('address').notNull(),
    state_code: text('state_code').notNull(),
    pan: text('pan'),
    // [{ state_code, gstin }], one per state.
    gstins: jsonb('gstins').$type<{ state_code: string; gstin: string }[]>().notNull().default([]),
    invoice_prefix: text('invoice_prefix').notNull(),
    signatory_name: text('signatory_name'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('business_profiles_state_code_check', sql`${table.state_code} ~ '^[0-9]{2}$'`),
    check(
      'business_profiles_pan_check',
      sql`${table.pan} is null or ${table.pan} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`,
    ),
    check('business_profiles_invoice_prefix_check', sql`${table.invoice_prefix} ~ '^[A-Z0-9/-]{1,6}$'`),
    check('business_profiles_gstins_check', sql`jsonb_typeof(${table.gstins}) = 'array'`),
    check(
      'business_profiles_registered_check',
      sql`not ${table.registered} or (${table.pan} is not null and jsonb_array_length(${table.gstins}) > 0)`,
    ),
  ],
);

/**
 * How guests reach each operator's business (the site's, the e-mails', the invoices'); none saved: the
 * content module's defaults. Public facts, which the site and guests' e-mails read.
 */
export const businessContacts = pgTable('business_contacts', {
  operator_id: uuid('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  region: text('region').notNull(),
  postal_code: text('postal_code').notNull().default(''),
  country: text('country').notNull(),
  social_handle: text('social_handle').notNull().default(''),
  social_url: text('social_url').notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Razorpay payment links the operator made for a booking (what was due then). A link still open for the
 * same amount is handed out again rather than a second one made; the webhook finds a payment's booking by
 * its link. Not money: the payments a link brings are the ledger's entries.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    // Razorpay's id (plink_…).
    gateway_link_id: text('gateway_link_id').notNull(),
    short_url: text('short_url').notNull(),
    amount: moneyColumn('amount').notNull(),
    currency: text('currency').notNull(),
    // 'paid' once a payment of it was recorded.
    status: text('status', { enum: ['created', 'paid'] })
      .notNull()
      .default('created'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: uuid('created_by'),
  },
  (table) => [
    uniqueIndex('payment_links_gateway_link_id_key').on(table.gateway_link_id),
    index('payment_links_booking_idx').on(table.booking_id, table.created_at),
    check('payment_links_status_check', sql`${table.status} in ('created', 'paid')`),
    check('payment_links_amount_check', sql`${table.amount} > 0`),
    check('payment_links_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Refunds made through Razorpay, from the intent to the outcome. The intent is committed before Razorpay is
 * asked (its id is the refund's idempotency key at Razorpay), so an answer lost to a timeout leaves it
 * 'pending' rather than forgotten, and asking again can never refund twice. 'made' once Razorpay has the
 * refund (its ledger entry written in the same transaction), 'failed' when it refused or failed it.
 */
export const gatewayRefunds = pgTable(
  'gateway_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    // The ledger entry of the Razorpay payment refunded, and its id at Razorpay (pay_…).
    payment_entry_id: uuid('payment_entry_id')
      .notNull()
      .references(() => payments.id),
    gateway_payment_id: text('gateway_payment_id').notNull(),
    amount: moneyColumn('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: GATEWAY_REFUND_STATUSES }).notNull().default('pending'),
    // Razorpay's refund id (rfnd_…), once known.
    gateway_refund_id: text('gateway_refund_id'),
    // The refund's ledger entry, once made (and the entry that reversed it, when Razorpay failed it later).
    refund_entry_id: uuid('refund_entry_id').references(() => payments.id),
    received_on: date('received_on', { mode: 'string' }).notNull(),
    note: text('note'),
    // Why Razorpay refused or failed it, in its own words.
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(1),
    last_tried_at: timestamp('last_tried_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settled_at: timestamp('settled_at', { withTimezone: true }),
    created_by: uuid('created_by'),
  },
  (table) => [
    index('gateway_refunds_booking_idx').on(table.booking_id, table.created_at),
    index('gateway_refunds_pending_idx')
      .on(table.last_tried_at)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('gateway_refunds_gateway_refund_id_key').on(table.gateway_refund_id),
    check('gateway_refunds_status_check', sql`${table.status} in (${inList(GATEWAY_REFUND_STATUSES)})`),
    check('gateway_refunds_amount_check', sql`${table.amount} > 0`),
    check('gateway_refunds_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'gateway_refunds_made_check',
      sql`${table.status} <> 'made' or (${table.gateway_refund_id} is not null and ${table.refund_entry_id} is not null)`,
    ),
  ],
);

/**
 * The last number each series of an operator's documents used in each financial year (April to March,
 * named by the year it starts in). Taken in the transaction that issues the document, with the row locked
 * until it commits, so numbers are consecutive and never skipped or reused, also when two are issued at once.
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    operator_id: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    series: text('series', { enum: INVOICE_SERIES }).notNull(),
    fiscal_year: integer('fiscal_year').notNull(),
    last_number: integer('last_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.operator_id, table.series, table.fiscal_year] }),
    check('invoice_series_series_check', sql`${table.series} in (${inList(INVOICE_SERIES)})`),
    check('invoice_series_last_number_check', sql`${table.last_number} >= 1`),
  ],
);

/**
 * Issued invoices, bills of supply, receipts and credit notes. A row is the document as issued (its
 * `document` is what the PDF prints) and never changes or goes: the database refuses both, so a
 * correction is a credit note against it. Amounts are the document's own (a credit note's are positive).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operator_id: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    series: text('series', { enum: INVOICE_SERIES }).notNull(),
    fiscal_year: integer('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    issued_on: date('issued_on', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    taxable_value: moneyColumn('taxable_value').notNull(),
    cgst: moneyColumn('cgst').notNull(),
    sgst: moneyColumn('sgst').notNull(),
    igst: moneyColumn('igst').notNull(),
    total: moneyColumn('total').notNull(),
    // A credit note: the invoice it corrects and why.
    corrects_invoice_id: uuid('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
    reason: text('reason'),
    recipient_name: text('recipient_name').notNull(),
    recipient_gstin: text('recipient_gstin'),
    place_of_supply: text('place_of_supply'),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    created_by: uuid('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_operator_number_key').on(table.operator_id, table.number),
    uniqueIndex('invoices_series_sequence_key').on(
      table.operator_id,
      table.series,
      table.fiscal_year,
      table.sequence,
    ),
    index('invoices_booking_idx').on(table.booking_id, table.created_at),
    // An invoice's number searched for, whole and in any case.
    index('invoices_operator_number_upper_idx').on(table.operator_id, sql`upper(${table.number})`),
    index('invoices_operator_issued_idx').on(table.operator_id, table.issued_on, table.number),
    index('invoices_corrects_idx').on(table.corrects_invoice_id),
    check('invoices_kind_check', sql`${table.kind} in (${inList(INVOICE_KINDS)})`),
    check('invoices_series_check', sql`${table.series} in (${inList(INVOICE_SERIES)})`),
    check('invoices_number_check', sql`length(${table.number}) between 1 and 16`),
    check('invoices_sequence_check', sql`${table.sequence} >= 1`),
    check('invoices_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'invoices_amounts_check',
      sql`${table.taxable_value} >= 0 and ${table.cgst} >= 0 and ${table.sgst} >= 0 and ${table.igst} >= 0 and ${table.total} = ${table.taxable_value} + ${table.cgst} + ${table.sgst} + ${table.igst}`,
    ),
    check(
      'invoices_credit_note_check',
      sql`(${table.kind} = 'credit_note') = (${table.corrects_invoice_id} is not null)`,
    ),
  ],
);

/**
 * A property's template of a scheduled guest message (before arrival, after the stay), once the operator
 * saved one; until then the defaults of src/content/scheduled-messages.ts apply.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_TEMPLATE_KINDS }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // Days before check-in (before_arrival) or after check-out (after_stay).
    days: integer('days').notNull(),
    review_url: text('review_url').notNull().default(''),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.property_id, table.kind] }),
    check('message_templates_kind_check', sql`${table.kind} in (${inList(MESSAGE_TEMPLATE_KINDS)})`),
    check(
      'message_templates_days_check',
      sql`${table.days} between 0 and ${sql.raw(String(MESSAGE_TEMPLATE_LIMITS.days))}`,
    ),
  ],
);

/**
 * What became of a booking's scheduled message: skipped by the operator, or written to the outbox. One row
 * per booking and kind, so a message is never written twice, whoever writes it; no row: still to come.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    // The booking's property, for row-level security.
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_TEMPLATE_KINDS }).notNull(),
    status: text('status', { enum: ['skipped', 'written'] }).notNull(),
    outbox_message_id: uuid('outbox_message_id').references(() => outboxMessages.id, {
      onDelete: 'set null',
    }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.booking_id, table.kind] }),
    index('scheduled_messages_property_idx').on(table.property_id),
    check('scheduled_messages_kind_check', sql`${table.kind} in (${inList(MESSAGE_TEMPLATE_KINDS)})`),
    check('scheduled_messages_status_check', sql`${table.status} in ('skipped', 'written')`),
  ],
);

/**
 * Online check-in: one row per guest of a stay, the guest register and, for a foreign national, Form C.
 * ID, passport and visa numbers are encrypted by the server (src/server/check-in/guest-data-key.ts) with a
 * key kept outside the database, as `v1.<key id>.<iv>.<tag>.<ciphertext>`; nothing else here is secret, and
 * every row is deleted GUEST_DATA_RETENTION_DAYS after its stay's check-out. The guest writes it only
 * through submit_guest_check_in() with their request page's token; grants and policies are in
 * src/server/db/rules.
 */
export const guestCheckIns = pgTable(
  'guest_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    property_id: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 1 for the first guest of the booking's form, and so on. */
    position: integer('position').notNull(),
    full_name: text('full_name').notNull(),
    nationality: text('nationality').notNull(),
    address: text('address').notNull(),
    id_type: text('id_type', { enum: ID_TYPES }).notNull(),
    id_number_encrypted: text('id_number_encrypted').notNull(),
    expected_arrival_time: text('expected_arrival_time').notNull(),
    // Form C, for a foreign national: the passport is the ID above.
    passport_place_of_issue: text('passport_place_of_issue'),
    passport_issued_on: date('passport_issued_on', { mode: 'string' }),
    passport_expires_on: date('passport_expires_on', { mode: 'string' }),
    visa_number_encrypted: text('visa_number_encrypted'),
    visa_type: text('visa_type'),
    visa_expires_on: date('visa_expires_on', { mode: 'string' }),
    arrived_in_india_on: date('arrived_in_india_on', { mode: 'string' }),
    arriving_from: text('arriving_from'),
    purpose_of_visit: text('purpose_of_visit'),
    next_destination: text('next_destination'),
    // Form C filed with the FRRO: the reference its portal gave, when, by whom.
    form_c_reference: text('form_c_reference'),
    form_c_filed_at: timestamp('form_c_filed_at', { withTimezone: true }),
    form_c_filed_by: uuid('form_c_filed_by'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('guest_check_ins_booking_position_key').on(table.booking_id, table.position),
    index('guest_check_ins_property_idx').on(table.property_id),
    check('guest_check_ins_position_check', sql`${table.position} >= 1`),
    check('guest_check_ins_nationality_check', sql`${table.nationality} ~ '^[A-Z]{2}$'`),
    check(
      'guest_check_ins_id_type_check',
      sql`${table.id_type} in ('aadhaar', 'passport', 'driving_licence', 'voter_id', 'pan')`,
    ),
    check(
      'guest_check_ins_arrival_time_check',
      sql`${table.expected_arrival_time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    // Ciphertext only, never a number in clear: the server's format, whatever writes the row.
    check(
      'guest_check_ins_encrypted_check',
      sql`${table.id_number_encrypted} ~ '^v[0-9]+\\.[0-9a-f]{16}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]+$' and (${table.visa_number_encrypted} is null or ${table.visa_number_encrypted} ~ '^v[0-9]+\\.[0-9a-f]{16}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]+$')`,
    ),
    // Of an Aadhaar only the last four digits are kept: four bytes encrypt to six characters.
    check(
      'guest_check_ins_aadhaar_check',
      sql`${table.id_type} <> 'aadhaar' or length(split_part(${table.id_number_encrypted}, '.', 5)) = 6`,
    ),
    check(
      'guest_check_ins_form_c_check',
      sql`${table.nationality} = 'IN' or (${table.id_type} = 'passport' and ${table.passport_place_of_issue} is not null and ${table.passport_issued_on} is not null and ${table.passport_expires_on} is not null and ${table.arrived_in_india_on} is not null and ${table.arriving_from} is not null and ${table.purpose_of_visit} is not null and ${table.next_destination} is not null)`,
    ),
    check(
      'guest_check_ins_filed_check',
      sql`(${table.form_c_reference} is null) = (${table.form_c_filed_at} is null) and (${table.form_c_reference} is null or ${table.nationality} <> 'IN')`,
    ),
  ],
);

/**
 * What an operation did, written in its transaction; the subscribers (the guest's messages) handle each
 * event after the commit and mark it handled, at least once: a pass that crashed leaves it to the next.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: DOMAIN_EVENT_KINDS }).notNull(),
    // What the event is of: a booking, or (a channel's notice) a property.
    booking_id: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    property_id: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handled_at: timestamp('handled_at', { withTimezone: true }),
    // A pass holds the events it claimed until then, so two processes never handle one at once.
    locked_until: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
  },
  (table) => [
    index('domain_events_pending_idx')
      .on(table.created_at)
      .where(sql`${table.handled_at} is null`),
    index('domain_events_booking_idx').on(table.booking_id),
    check('domain_events_kind_check', sql`${table.kind} in (${inList(DOMAIN_EVENT_KINDS)})`),
    check(
      'domain_events_subject_check',
      sql`${table.booking_id} is not null or ${table.property_id} is not null`,
    ),
  ],
);
