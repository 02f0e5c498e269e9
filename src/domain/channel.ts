import { z } from 'zod';
import type { BookingSource } from './booking';
import { LEFT_OUT_LIST_LIMIT, LEFT_OUT_REASONS } from './channel-feed';
import { optionalText, requiredText } from './fields';

export {
  FEED_READ_LIMITS,
  LEFT_OUT_LIST_LIMIT,
  LEFT_OUT_MESSAGES,
  LEFT_OUT_REASONS,
  type LeftOutReason,
} from './channel-feed';

/** The channels a property's calendar can be connected to. */
export const CHANNEL_KINDS = ['airbnb', 'booking_com', 'vrbo', 'other'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The booking source an imported stay gets: the channel it came from. */
export const CHANNEL_BOOKING_SOURCES: Record<ChannelKind, BookingSource> = {
  airbnb: 'airbnb',
  booking_com: 'booking_com',
  vrbo: 'vrbo',
  other: 'other',
};

export const CHANNEL_LABELS: Record<ChannelKind, string> = {
  airbnb: 'Airbnb',
  booking_com: 'Booking.com',
  vrbo: 'Vrbo',
  other: 'Other calendar',
};

/** The schedule's limits: never more often than every 5 minutes. */
export const CHANNEL_SYNC_LIMITS = { minMinutes: 5, defaultMinutes: 15, defaultStaleHours: 6 } as const;

const IMPORT_URL_MESSAGE = "Enter the calendar's export address (an http or https URL)";

/**
 * A channel's calendar export address. `webcal://` (how Google Calendar and others hand out feeds) is
 * read as https. Only http and https are fetched; private addresses are refused when fetched.
 */
export const ImportUrlSchema = z
  .string({ error: IMPORT_URL_MESSAGE })
  .trim()
  .min(1, IMPORT_URL_MESSAGE)
  .max(2000, 'The calendar address must be at most 2000 characters')
  .transform((value) => value.replace(/^webcals?:\/\//i, 'https://'))
  .superRefine((value, ctx) => {
    if (!URL.canParse(value)) ctx.addIssue({ code: 'custom', message: IMPORT_URL_MESSAGE });
    else if (!['http:', 'https:'].includes(new URL(value).protocol)) {
      ctx.addIssue({ code: 'custom', message: 'The calendar address must start with http:// or https://' });
    }
  });

const connectionName = z
  .string({ error: 'Name must be text' })
  .trim()
  .max(80, 'Name must be at most 80 characters')
  .nullish()
  .transform((value) => (value ? value : null));

/** A new connection (the management form and the createChannel route share it). */
export const ChannelInputSchema = z.object({
  channel: z.enum(CHANNEL_KINDS, { error: 'Channel must be airbnb, booking_com, vrbo or other' }),
  import_url: ImportUrlSchema,
  name: connectionName,
});
export type ChannelInput = z.input<typeof ChannelInputSchema>;
export type NewChannel = z.output<typeof ChannelInputSchema>;

/** A connection's editable fields; the channel itself is fixed once stays were imported under it. */
export const ChannelUpdateSchema = z
  .object({ import_url: ImportUrlSchema.optional(), name: connectionName.optional() })
  .refine((body) => body.import_url !== undefined || body.name !== undefined, {
    message: 'Send import_url, name or both',
  });
export type ChannelUpdate = z.output<typeof ChannelUpdateSchema>;

/** Why a sync failed, in a word the client can switch on; `last_error` says it in plain words. */
export const SYNC_ERROR_CODES = [
  'invalid_url',
  'private_address',
  'unreachable',
  'timeout',
  'http_error',
  'too_many_redirects',
  'too_large',
  'not_a_calendar',
  'internal',
] as const;
export type SyncErrorCode = (typeof SYNC_ERROR_CODES)[number];

export const SyncCountsSchema = z.object({
  added: z.number().int().describe('Stays imported as new bookings'),
  moved: z.number().int().describe('Imported bookings whose dates changed'),
  cancelled: z.number().int().describe('Imported bookings cancelled because they left the feed'),
  blocked: z.number().int().describe('New closed-night ranges'),
  blocks_moved: z.number().int().describe('Closed-night ranges whose dates changed'),
  reopened: z.number().int().describe('Closed-night ranges that left the feed (their nights open again)'),
  conflicts: z.number().int().describe('Open conflicts of this connection after the sync'),
});
export type SyncCounts = z.infer<typeof SyncCountsSchema>;

export const LeftOutItemSchema = z.object({
  uid: z.string().nullable().describe("The event's UID in the channel's calendar (shortened when long)"),
  check_in: z.string().nullable().describe('Its start date as written, when it could be read'),
  check_out: z.string().nullable().describe('Its end date as written, when it could be read'),
  reason: z.enum(LEFT_OUT_REASONS),
  message: z.string().describe('The reason in plain words'),
});
export type LeftOutItem = z.infer<typeof LeftOutItemSchema>;

export const LeftOutSchema = z
  .object({
    total: z.number().int().describe('Items of the last calendar read that were left out'),
    items: z
      .array(LeftOutItemSchema)
      .describe(`The first ${LEFT_OUT_LIST_LIMIT} of them, in the calendar's order`),
  })
  .describe(
    "What the last successful sync left out of the channel's calendar, and why; a stay imported before under a UID left out is kept as it was",
  );
export type LeftOut = z.infer<typeof LeftOutSchema>;

export const NOTHING_LEFT_OUT: LeftOut = { total: 0, items: [] };

export const SYNC_OUTCOMES = ['synced', 'not_modified', 'failed'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

/** Days a replaced export address keeps answering, so the channels reading it can be given the new one. */
export const EXPORT_GRACE_DAYS = 7;

/** Who reads an export address, as told by the user agent of its requests. */
export const CALENDAR_READERS = [
  'airbnb',
  'booking_com',
  'vrbo',
  'google',
  'apple',
  'outlook',
  'other',
] as const;
export type CalendarReader = (typeof CALENDAR_READERS)[number];

export const CALENDAR_READER_LABELS: Record<CalendarReader, string> = {
  airbnb: 'Airbnb',
  booking_com: 'Booking.com',
  vrbo: 'Vrbo',
  google: 'Google Calendar',
  apple: 'Apple Calendar',
  outlook: 'Outlook',
  other: 'Another reader',
};

// Checked in order: Vrbo's fetcher has carried Expedia's and HomeAway's names; Apple's calendar names
// itself by its daemons (dataaccessd, CalendarAgent) or iOS/macOS, not "Apple".
const READER_PATTERNS: readonly [CalendarReader, RegExp][] = [
  ['airbnb', /airbnb/i],
  ['booking_com', /booking\.?com/i],
  ['vrbo', /vrbo|homeaway|expedia/i],
  ['google', /google/i],
  ['outlook', /outlook|microsoft|office/i],
  ['apple', /dataaccessd|calendaragent|\bios\/|mac ?os|icalendar|apple/i],
];

/** The channel or calendar an export address's reader is, from its User-Agent header. */
export function identifyCalendarReader(userAgent: string | undefined | null): CalendarReader {
  if (!userAgent) return 'other';
  return READER_PATTERNS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'other';
}

export const ExportReadSchema = z.object({
  reader: z.enum(CALENDAR_READERS),
  user_agent: z.string().nullable().describe('The User-Agent of its last request, cut to 300 characters'),
  last_read_at: z.string(),
});
export type ExportRead = z.infer<typeof ExportReadSchema>;

export const ExportAddressReadsSchema = z
  .object({
    reads: z.array(ExportReadSchema).describe('Who read the current address, the latest first'),
    previous: z
      .array(
        z.object({
          retired_at: z.string().describe('When it was replaced'),
          expires_at: z.string().describe('Until when this replaced address still answers'),
          reads: z.array(ExportReadSchema).describe('Who read it since it was replaced'),
        }),
      )
      .describe(
        `Replaced addresses that still answer (for ${EXPORT_GRACE_DAYS} days after a rotation), newest first, with who read them`,
      ),
  })
  .describe('Who read this export address and the ones it replaced lately');
export type ExportAddressReads = z.infer<typeof ExportAddressReadsSchema>;

export const ChannelConnectionSchema = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  channel: z.enum(CHANNEL_KINDS),
  name: z.string().nullable(),
  import_url: z.string(),
  export_url: z
    .string()
    .describe(
      "This property's calendar without what came from this connection: give it to this channel. The full URL is present only in the answer that made it (createChannel, or rotateExportUrl with this channel_id): only a hash of its secret is kept, so every other answer has a masked form (…/ical/••••••.ics; see export_url_masked)",
    ),
  export_url_masked: z
    .boolean()
    .describe(
      'True when export_url is the masked form (the URL was made earlier and cannot be shown again: rotate it for a new one); false when it is the full URL, just made',
    ),
  last_synced_at: z.string().nullable().describe('The last successful sync'),
  last_attempt_at: z.string().nullable(),
  last_error: z
    .string()
    .nullable()
    .describe('Why the last attempt failed, in plain words; null after a success'),
  last_error_code: z.enum(SYNC_ERROR_CODES).nullable(),
  last_result: SyncCountsSchema.nullable(),
  next_sync_at: z.string().nullable(),
  stale: z.boolean().describe('No successful sync for longer than the stale limit'),
  needs_attention: z
    .boolean()
    .describe('Stale, failing, with open conflicts, or with an empty calendar not yet confirmed'),
  stays_count: z
    .number()
    .int()
    .describe('Pending or confirmed stays from this connection that have not ended'),
  blocks_count: z.number().int().describe('Closed-night ranges from this connection that have not ended'),
  open_conflicts: z.number().int(),
  exported_at: z.string().nullable().describe('When the channel last read its export URL'),
  export_reads: ExportAddressReadsSchema,
  left_out: LeftOutSchema,
  empty_calendar_since: z
    .string()
    .nullable()
    .describe(
      'When the channel first answered an empty calendar while this connection still holds nights here (one empty answer may be a cut-off one); null when its last calendar had events, or was empty and confirmed',
    ),
  empty_calendar_reopens_at: z
    .string()
    .nullable()
    .describe(
      'While empty_calendar_since is set: from when a sync that finds the calendar still empty reopens its nights and cancels its stays (CHANNEL_EMPTY_CONFIRM_MINUTES after the first empty answer)',
    ),
  created_at: z.string(),
});
export type ChannelConnection = z.infer<typeof ChannelConnectionSchema>;

export const ChannelListSchema = z.object({
  property_id: z.uuid(),
  export_url: z
    .string()
    .describe(
      "The property's whole calendar, for channels not connected here. The full URL is present only in the answer that made it (the property's first listChannels, or rotateExportUrl): only a hash of its secret is kept, so every other answer has a masked form (…/ical/••••••.ics; see export_url_masked)",
    ),
  export_url_masked: z
    .boolean()
    .describe(
      'True when export_url is the masked form (the URL was made earlier and cannot be shown again: rotate it for a new one); false when it is the full URL, just made',
    ),
  export_reads: ExportAddressReadsSchema,
  sync_minutes: z.number().int(),
  stale_hours: z.number(),
  export_grace_days: z.number().int().describe('Days a replaced export address keeps answering'),
  connections: z.array(ChannelConnectionSchema),
});
export type ChannelList = z.infer<typeof ChannelListSchema>;

export const CONFLICT_KINDS = ['stay_overlaps', 'block_overlaps_request', 'cancelled_here'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];
export const CONFLICT_STATUSES = ['open', 'dismissed', 'accepted', 'obsolete'] as const;
export type ConflictStatus = (typeof CONFLICT_STATUSES)[number];
export const CONFLICT_ACTIONS = ['accept_theirs', 'keep_ours'] as const;
export type ConflictAction = (typeof CONFLICT_ACTIONS)[number];

export const SyncConflictSchema = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  property_name: z.string(),
  connection_id: z.uuid(),
  channel: z.enum(CHANNEL_KINDS),
  connection_name: z.string().nullable(),
  kind: z
    .enum(CONFLICT_KINDS)
    .describe(
      'stay_overlaps: an incoming stay overlaps bookings here and was not imported; block_overlaps_request: closed nights from the channel overlap a pending request here; cancelled_here: the channel still lists a stay cancelled here',
    ),
  status: z.enum(CONFLICT_STATUSES),
  message: z.string().describe('What happened, in plain words'),
  theirs: z.object({
    uid: z.string(),
    kind: z.enum(['stay', 'block']),
    check_in: z.string(),
    check_out: z.string(),
    summary: z.string().nullable(),
    external_booking_id: z.string().nullable(),
  }),
  ours: z.array(
    z.object({
      id: z.uuid(),
      guest_name: z.string(),
      check_in: z.string(),
      check_out: z.string(),
      status: z.string(),
      booking_source: z.string(),
      created_at: z.string(),
    }),
  ),
  maybe_echo: z
    .boolean()
    .describe(
      'The channel had read this calendar after the request arrived: the closed nights may be our own request coming back',
    ),
  actions: z.array(z.enum(CONFLICT_ACTIONS)).describe('What the operator can do now'),
  holds_nights: z
    .boolean()
    .describe(
      "Open and about a channel's stay: every night of it is closed for the site and the other channels until it is settled",
    ),
  note: z.string().nullable().describe("The operator's reason, when they settled it"),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type SyncConflict = z.infer<typeof SyncConflictSchema>;

export const SyncResultSchema = z.object({
  outcome: z
    .enum(SYNC_OUTCOMES)
    .describe(
      'synced; not_modified (the channel said nothing changed; reconciled from the last copy); failed',
    ),
  error: z.object({ code: z.enum(SYNC_ERROR_CODES), message: z.string() }).nullable(),
  counts: SyncCountsSchema,
  conflicts: z.array(SyncConflictSchema).describe("This connection's open conflicts after the sync"),
  connection: ChannelConnectionSchema,
});
export type SyncResult = z.infer<typeof SyncResultSchema>;

export const ResolveConflictSchema = z.object({
  action: z.enum(CONFLICT_ACTIONS, { error: 'Action must be accept_theirs or keep_ours' }),
  note: optionalText('Reason', { max: 500 }).describe(
    'Why the operator decided so (the management area asks for it when keeping ours); kept with the conflict and in the audit log',
  ),
});
export type ResolveConflict = z.infer<typeof ResolveConflictSchema>;

/** Keeping ours over a channel's stay: the management area asks why, for the activity log. */
export const DismissConflictFormSchema = z.object({
  note: requiredText('Reason', { max: 500 }),
});
export type DismissConflictForm = z.infer<typeof DismissConflictFormSchema>;

export const RotateExportUrlSchema = z
  .object({
    channel_id: z
      .uuid({ error: 'channel_id must be a connection id' })
      .optional()
      .describe("Rotate this connection's export URL instead of the property's"),
  })
  .optional();

export const ExportUrlSchema = z.object({
  export_url: z
    .string()
    .describe(
      'The new URL in full. It is shown only in this answer (only a hash of its secret is kept): listChannels answers a masked form from now on',
    ),
  channel_id: z.uuid().nullable(),
  previous_valid_until: z
    .string()
    .describe(
      `The replaced URL still answers until then (${EXPORT_GRACE_DAYS} days), so the channels reading it can be given this one`,
    ),
});

/** The URL's secret as an answer shows it once the URL has been made: it cannot be shown again. */
export const MASKED_EXPORT_TOKEN = '••••••';

/** Is a connection overdue? Never synced counts from its creation. */
export function isConnectionStale(
  connection: { last_synced_at: string | null; created_at: string },
  staleHours: number,
  now: Date,
): boolean {
  const since = Date.parse(connection.last_synced_at ?? connection.created_at);
  return now.getTime() - since > staleHours * 3_600_000;
}
