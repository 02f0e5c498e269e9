import { PricingRulesSchema, PropertyPricingSchema } from '../pricing';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';

export const pricingEndpoints = {
  getPricingRules: defineEndpoint({
    operationId: 'getPricingRules',
    method: 'GET',
    path: '/api/properties/:propertyId/pricing',
    tags: ['pricing'],
    session: true,
    params: PropertyIdParamsSchema,
    responses: { 200: PropertyPricingSchema, ...errorResponses(400, 401, 404) },
  }),
  updatePricingRules: defineEndpoint({
    operationId: 'updatePricingRules',
    method: 'PUT',
    path: '/api/properties/:propertyId/pricing',
    tags: ['pricing'],
    session: true,
    params: PropertyIdParamsSchema,
    body: PricingRulesSchema,
    responses: { 200: PropertyPricingSchema, ...errorResponses(400, 401, 404) },
  }),
};
