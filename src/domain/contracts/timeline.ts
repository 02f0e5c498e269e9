import { TimelineQuerySchema, TimelineSchema } from '../timeline';
import { defineEndpoint, errorResponses } from './endpoint';
import { timelineRoutes } from './routes';

export const timelineEndpoints = {
  getTimeline: defineEndpoint({
    ...timelineRoutes.getTimeline,
    tags: ['calendar'],
    session: true,
    query: TimelineQuerySchema,
    responses: { 200: TimelineSchema, ...errorResponses(400, 401) },
  }),
};
