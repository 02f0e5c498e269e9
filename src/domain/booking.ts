import { z } from 'zod';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_SOURCES = ['direct', 'airbnb', 'booking_com'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses whose nights are taken: the database's exclusion constraint covers exactly these. */
export const BLOCKING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

export const BookingSchema = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  guest_name: z.string(),
  guest_email: z.string(),
  guest_phone: z.string().nullable(),
  check_in: z.string(),
  check_out: z.string(),
  guests_count: z.number().int(),
  total_amount: z.number(),
  currency: z.string(),
  status: z.enum(BOOKING_STATUSES),
  booking_source: z.enum(BOOKING_SOURCES),
  payment_status: z.enum(PAYMENT_STATUSES),
  special_requests: z.string().nullable(),
  external_booking_id: z.string().nullable(),
  created_at: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

/** What the calendar needs of a booking (spec section 7), plus its id and status. */
export const CalendarBookingSchema = BookingSchema.pick({
  id: true,
  check_in: true,
  check_out: true,
  guest_name: true,
  booking_source: true,
  status: true,
});
export type CalendarBooking = z.infer<typeof CalendarBookingSchema>;
