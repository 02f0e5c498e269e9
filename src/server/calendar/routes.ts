import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { site } from '../../content/site';
import { CalendarBookingSchema } from '../../domain/booking';
import {
  addDaysToDate,
  countDaysBetween,
  getMonthRange,
  formatTodayInZone,
  IsoDateSchema,
  listDatesBetween,
  MonthSchema,
} from '../../domain/calendar';
import { getOperator } from '../auth/plugin';
import { listBookingsOverlapping } from '../bookings/queries';
import type { Db } from '../db/client';
import { lockPropertyNights, withOperator } from '../db/with-operator';
import { ErrorResponseSchema, PropertyIdParamsSchema } from '../openapi';
import { requireProperty } from '../properties/queries';
import { listCalendarRows, upsertCalendarDays } from './queries';

const CalendarResponseSchema = z.object({
  month: z.string(),
  start: z.string().describe('First day of the month'),
  end: z.string().describe('First day of the next month (the range is half-open)'),
  base_price: z.number(),
  currency: z.string(),
  calendar: z.array(z.object({ date: z.string(), is_available: z.boolean(), price: z.number().nullable() })),
  bookings: z.array(CalendarBookingSchema),
});

export async function registerCalendarRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = options.now ?? (() => new Date());

  api.get(
    '/api/properties/:propertyId/calendar',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'getPropertyCalendar',
        summary: "A property's calendar rows and the bookings that share a night with the month",
        tags: ['calendar'],
        params: PropertyIdParamsSchema,
        querystring: z.object({ month: MonthSchema.optional().describe('yyyy-MM; defaults to this month') }),
        response: {
          200: CalendarResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        const month = request.query.month ?? formatTodayInZone(site.timeZone, now()).slice(0, 7);
        const { start, end } = getMonthRange(month);
        const range = { propertyId: property.id, start, end };
        return {
          month,
          start,
          end,
          base_price: property.base_price,
          currency: property.currency,
          calendar: await listCalendarRows(tx, range),
          bookings: await listBookingsOverlapping(tx, range),
        };
      }),
  );

  api.put(
    '/api/properties/:propertyId/calendar',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'updateCalendarDays',
        summary:
          'Mark the days from start to end (both included) available or unavailable and/or set their nightly price',
        tags: ['calendar'],
        params: PropertyIdParamsSchema,
        body: UpdateCalendarDaysSchema,
        response: {
          200: z.object({ updated: z.number().int() }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        const { start, end, is_available, price } = request.body;
        const dates = listDatesBetween(start, addDaysToDate(end, 1));
        await lockPropertyNights(tx, property.id);
        await upsertCalendarDays(tx, { propertyId: property.id, dates, is_available, price });
        return { updated: dates.length };
      }),
  );
}

const MAX_CALENDAR_DAYS = 366;

export const UpdateCalendarDaysSchema = z
  .object({
    start: IsoDateSchema,
    end: IsoDateSchema.describe('Included'),
    is_available: z.boolean({ error: 'is_available must be true or false' }).optional(),
    price: z
      .number({ error: 'Price must be a number' })
      .min(0, 'Price must not be negative')
      .max(10_000_000, 'Price is too large')
      .nullable()
      .optional()
      .describe('null returns the days to the base price'),
  })
  .refine((body) => body.end >= body.start, {
    message: 'The end date must not be before the start date',
    path: ['end'],
  })
  .refine((body) => countDaysBetween(body.start, body.end) < MAX_CALENDAR_DAYS, {
    message: `Change at most ${MAX_CALENDAR_DAYS} days at a time`,
    path: ['end'],
  })
  .refine((body) => body.is_available !== undefined || body.price !== undefined, {
    message: 'Send is_available, price or both',
  });
