import type { FastifyInstance } from 'fastify';
import { addDaysToDate, getMonthRange, listDatesBetween, villaMonth } from '../../domain/dates';
import { listBookingsOverlapping } from '../store/bookings';
import type { Db } from '../db/client';
import { lockPropertyNights } from '../db/with-operator';
import { findPricingRules } from '../store/pricing-rules';
import { listCalendarRows, upsertCalendarDays } from '../store/calendar';
import { calendarEndpoints } from '../../domain/contracts/calendar';
import { registerEndpoint } from '../http/register-endpoint';
import { withRequestedProperty } from '../auth/operator-work';

export async function registerCalendarRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const now = options.now ?? (() => new Date());

  registerEndpoint(
    app,
    calendarEndpoints.getPropertyCalendar,
    {
      summary: "A property's calendar rows and the bookings that share a night with the month",
    },
    (request) =>
      withRequestedProperty(options.db, request, async (tx, property) => {
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

  registerEndpoint(
    app,
    calendarEndpoints.updateCalendarDays,
    {
      summary:
        'Mark the days from start to end (both included) available or unavailable and/or set their nightly price',
    },
    (request) =>
      withRequestedProperty(options.db, request, async (tx, property) => {
        const { start, end, is_available, price } = request.body;
        const dates = listDatesBetween(start, addDaysToDate(end, 1));
        await lockPropertyNights(tx, property.id);
        await upsertCalendarDays(tx, { propertyId: property.id, dates, is_available, price });
        return { updated: dates.length };
      }),
  );
}
