import { z } from 'zod';
import { PropertyInputSchema, PropertySchema, PropertyUpdateSchema } from '../property';
import { DashboardStatsSchema } from '../stats';
import { defineEndpoint, ErrorResponseSchema, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { propertyRoutes } from './routes';

export const propertyEndpoints = {
  listProperties: defineEndpoint({
    ...propertyRoutes.listProperties,
    tags: ['properties'],
    session: true,
    responses: { 200: z.array(PropertySchema), 401: ErrorResponseSchema },
  }),
  createProperty: defineEndpoint({
    ...propertyRoutes.createProperty,
    tags: ['properties'],
    session: true,
    body: PropertyInputSchema,
    responses: { 201: PropertySchema, ...errorResponses(400, 401, 403) },
  }),
  getDashboardStats: defineEndpoint({
    ...propertyRoutes.getDashboardStats,
    tags: ['properties'],
    session: true,
    responses: { 200: DashboardStatsSchema, 401: ErrorResponseSchema },
  }),
  updateProperty: defineEndpoint({
    ...propertyRoutes.updateProperty,
    tags: ['properties'],
    session: true,
    params: PropertyIdParamsSchema,
    body: PropertyUpdateSchema,
    responses: { 200: PropertySchema, ...errorResponses(400, 401, 404) },
  }),
};
