import { z } from 'zod';
import { PropertyCalendarSchema, UpdateCalendarDaysSchema } from '../calendar';
import { MonthSchema } from '../fields';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { calendarRoutes } from './routes';

export const calendarEndpoints = {
  getPropertyCalendar: defineEndpoint({
    ...calendarRoutes.getPropertyCalendar,
    tags: ['calendar'],
    session: true,
    params: PropertyIdParamsSchema,
    query: z.object({ month: MonthSchema.optional().describe('yyyy-MM; defaults to this month') }),
    responses: { 200: PropertyCalendarSchema, ...errorResponses(400, 401, 404) },
  }),
  updateCalendarDays: defineEndpoint({
    ...calendarRoutes.updateCalendarDays,
    tags: ['calendar'],
    session: true,
    params: PropertyIdParamsSchema,
    body: UpdateCalendarDaysSchema,
    responses: { 200: z.object({ updated: z.number().int() }), ...errorResponses(400, 401, 404) },
  }),
};
