import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarBookingSchema } from '../../domain/booking';
import { formatMonth, getMonthRange, MonthSchema } from '../../domain/calendar';
import { getOperator } from '../auth/plugin';
import { listBookingsOverlapping } from '../bookings/queries';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { ErrorResponseSchema, PropertyIdParamsSchema } from '../openapi';
import { requireProperty } from '../properties/queries';
import { listCalendarRows } from './queries';

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
      preHandler: app.requireOperator,
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
        const month = request.query.month ?? formatMonth(now());
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
}
