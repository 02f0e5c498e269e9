import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PropertyCalendarSchema, UpdateCalendarDaysSchema } from '../../domain/calendar';
import { addDaysToDate, getMonthRange, listDatesBetween, villaMonth } from '../../domain/dates';
import { MonthSchema } from '../../domain/fields';
import { getOperator } from '../auth/plugin';
import { listBookingsOverlapping } from '../bookings/queries';
import type { Db } from '../db/client';
import { lockPropertyNights, withOperator } from '../db/with-operator';
import { errorResponses, PropertyIdParamsSchema } from '../openapi';
import { findPricingRules } from '../pricing/queries';
import { requireProperty } from '../properties/queries';
import { listCalendarRows, upsertCalendarDays } from './queries';

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
          200: PropertyCalendarSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        const month = request.query.month ?? villaMonth(now());
        const { start, end } = getMonthRange(month);
        const range = { propertyId: property.id, start, end };
        return {
          month,
          start,
          end,
          base_price: property.base_price,
          currency: property.currency,
          rules: await findPricingRules(tx, property.id),
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
          ...errorResponses(400, 401, 404),
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
