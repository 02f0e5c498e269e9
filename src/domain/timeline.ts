import { z } from 'zod';
import { BOOKING_SOURCES } from './booking';
import { CHANNEL_KINDS } from './channel';
import { countDaysBetween } from './dates';
import { isoDate } from './fields';

/** A timeline shows at least a week and at most a little over three months (three months and a week). */
export const TIMELINE_DAYS = { min: 7, max: 100 } as const;

/** The days the timeline covers: [from, to), half-open like every range of nights. */
export const TimelineQuerySchema = z
  .object({
    from: isoDate('from').describe('The first day shown'),
    to: isoDate('to').describe('The day after the last day shown (the range is half-open)'),
  })
  .refine((query) => query.from < query.to, { message: '"to" must be after "from"', path: ['to'] })
  .refine((query) => countDaysBetween(query.from, query.to) >= TIMELINE_DAYS.min, {
    message: `A timeline covers at least ${TIMELINE_DAYS.min} days`,
    path: ['to'],
  })
  .refine((query) => countDaysBetween(query.from, query.to) <= TIMELINE_DAYS.max, {
    message: `A timeline covers at most ${TIMELINE_DAYS.max} days`,
    path: ['to'],
  });
export type TimelineQuery = z.output<typeof TimelineQuerySchema>;

/** The statuses a timeline shows: every stay that holds its nights (a cancelled one frees them). */
export const TIMELINE_STATUSES = ['pending', 'confirmed', 'completed'] as const;

export const TimelineStaySchema = z.object({
  id: z.uuid(),
  guest_name: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  status: z.enum(TIMELINE_STATUSES),
  booking_source: z.enum(BOOKING_SOURCES),
  is_sample: z.boolean(),
  amount_known: z.boolean().describe('False for a channel stay whose feed carries no price'),
});
export type TimelineStay = z.infer<typeof TimelineStaySchema>;

/** Nights a channel holds: a block its feed reports, or its stay the operator has not settled yet. */
export const TimelineChannelBlockSchema = z.object({
  connection_id: z.uuid(),
  channel: z.enum(CHANNEL_KINDS),
  start_date: z.string(),
  end_date: z.string().describe('The day after the last night held'),
});
export type TimelineChannelBlock = z.infer<typeof TimelineChannelBlockSchema>;

export const TimelineStaleChannelSchema = z.object({
  connection_id: z.uuid(),
  channel: z.enum(CHANNEL_KINDS),
  name: z.string().nullable(),
  last_synced_at: z.string().nullable(),
});

export const TimelinePropertySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  currency: z.string(),
  stays: z.array(TimelineStaySchema).describe('Stays sharing a night with the range, by check-in'),
  closed_nights: z.array(z.string()).describe('Nights in the range the operator closed'),
  channel_blocks: z.array(TimelineChannelBlockSchema).describe('Ranges channels hold that share a night'),
  open_conflicts: z.number().int().describe('Sync conflicts of this property waiting for the operator'),
  stale_channels: z
    .array(TimelineStaleChannelSchema)
    .describe('Channel connections with no successful sync for longer than the stale limit'),
});
export type TimelineProperty = z.infer<typeof TimelinePropertySchema>;

/** Every active property of the operator over [from, to), in the order of the property list. */
export const TimelineSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string().describe("The villa's today"),
  properties: z.array(TimelinePropertySchema),
});
export type Timeline = z.infer<typeof TimelineSchema>;
