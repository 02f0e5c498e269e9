import { z } from 'zod';
import { AmountSchema } from './wire-amount';
import { BOOKING_SOURCES, BOOKING_STATUSES, PAYMENT_STATUSES, StaySummarySchema } from './booking';
import { addDaysToDate, countDaysBetween } from './dates';

/** The dashboard looks this many days ahead of today (today included). */
export const DASHBOARD_DAYS_AHEAD = 7;

export const DashboardQuerySchema = z.object({
  property: z
    .uuid({ error: 'property must be a property id (a UUID)' })
    .optional()
    .describe('Leave out for all properties'),
});

export const DashboardStaySchema = StaySummarySchema.extend({
  id: z.uuid(),
  guests_count: z.number().int().nullable().describe("null: a channel's stay whose calendar does not say"),
  property_id: z.uuid(),
  booking_source: z.enum(BOOKING_SOURCES),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_amount: z.number(),
  amount_known: z.boolean(),
  currency: z.string(),
  created_at: z.string(),
  lapses_at: z
    .string()
    .nullable()
    .describe('When a pending request from the booking form lapses unanswered; null for other stays'),
  guest_confirmed: z
    .boolean()
    .nullable()
    .describe(
      'For a request from the booking form: whether its guest confirmed it by e-mail; null otherwise',
    ),
});
export type DashboardStay = z.infer<typeof DashboardStaySchema>;

export const DashboardSchema = z.object({
  today: z.string().describe('Today at the villa'),
  until: z.string().describe('The last day the lists look at'),
  arrivals: z.array(DashboardStaySchema).describe('Checking in from today to `until`, earliest first'),
  departures: z.array(DashboardStaySchema).describe('Checking out from today to `until`, earliest first'),
  in_house: z
    .array(DashboardStaySchema)
    .describe('Staying tonight: checked in before today, leaving after it'),
  pending: z
    .array(DashboardStaySchema.extend({ waiting_hours: z.number().int() }))
    .describe('Requests waiting for a decision, oldest first'),
  unpaid_arrivals: z
    .array(DashboardStaySchema)
    .describe('Confirmed, not fully paid, arriving from today to `until`'),
  overdue_payments: z
    .array(
      DashboardStaySchema.extend({
        overdue_amount: AmountSchema.describe('What is due and unpaid (major units)'),
        overdue_since: z.string().describe('The earliest unpaid due day (yyyy-MM-dd)'),
      }),
    )
    .describe(
      'Confirmed stays not yet checked out with a payment past its due day (the payment schedule), longest overdue first',
    ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

type Stay = Omit<DashboardStay, 'nights'>;

/**
 * Sorts the stays the dashboard is given (pending or confirmed, of active properties) into what the
 * operator needs today: who arrives and leaves in the coming days, who is staying, what waits for a
 * decision (and for how long), and which confirmed stays arrive unpaid.
 */
export function arrangeDashboard(
  stays: readonly Stay[],
  input: { today: string; now: Date },
): Omit<Dashboard, 'overdue_payments'> {
  const until = addDaysToDate(input.today, DASHBOARD_DAYS_AHEAD);
  const withNights = stays.map((stay) => ({
    ...stay,
    nights: countDaysBetween(stay.check_in, stay.check_out),
  }));
  const byCheckIn = [...withNights].sort(
    (a, b) => a.check_in.localeCompare(b.check_in) || a.id.localeCompare(b.id),
  );
  const byCheckOut = [...withNights].sort(
    (a, b) => a.check_out.localeCompare(b.check_out) || a.id.localeCompare(b.id),
  );
  const soon = (date: string) => date >= input.today && date <= until;
  return {
    today: input.today,
    until,
    arrivals: byCheckIn.filter((stay) => soon(stay.check_in)),
    departures: byCheckOut.filter((stay) => soon(stay.check_out)),
    in_house: byCheckIn.filter((stay) => stay.check_in < input.today && stay.check_out > input.today),
    pending: withNights
      .filter((stay) => stay.status === 'pending')
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((stay) => ({
        ...stay,
        waiting_hours: Math.max(
          0,
          Math.floor((input.now.getTime() - Date.parse(stay.created_at)) / 3_600_000),
        ),
      })),
    unpaid_arrivals: byCheckIn.filter(
      // A stay the channel collects is not the operator's to chase.
      (stay) =>
        stay.status === 'confirmed' &&
        stay.payment_status !== 'paid' &&
        stay.payment_status !== 'channel' &&
        soon(stay.check_in),
    ),
  };
}
