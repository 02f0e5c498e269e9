import { z } from 'zod';
import { PropertyInputSchema, PropertySchema, PropertyUpdateSchema } from '../property';
import { DashboardStatsSchema } from '../stats';
import { defineEndpoint, ErrorResponseSchema, errorResponses, PropertyIdParamsSchema } from './endpoint';

export const propertyEndpoints = {
  listProperties: defineEndpoint({
    operationId: 'listProperties',
    method: 'GET',
    path: '/api/properties',
    tags: ['properties'],
    session: true,
    responses: { 200: z.array(PropertySchema), 401: ErrorResponseSchema },
  }),
  createProperty: defineEndpoint({
    operationId: 'createProperty',
    method: 'POST',
    path: '/api/properties',
    tags: ['properties'],
    session: true,
    body: PropertyInputSchema,
    responses: { 201: PropertySchema, ...errorResponses(400, 401, 403) },
  }),
  getDashboardStats: defineEndpoint({
    operationId: 'getDashboardStats',
    method: 'GET',
    path: '/api/stats',
    tags: ['properties'],
    session: true,
    responses: { 200: DashboardStatsSchema, 401: ErrorResponseSchema },
  }),
  updateProperty: defineEndpoint({
    operationId: 'updateProperty',
    method: 'PATCH',
    path: '/api/properties/:propertyId',
    tags: ['properties'],
    session: true,
    params: PropertyIdParamsSchema,
    body: PropertyUpdateSchema,
    responses: { 200: PropertySchema, ...errorResponses(400, 401, 404) },
  }),
};
