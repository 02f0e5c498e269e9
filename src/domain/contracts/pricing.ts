import { PricingRulesSchema, PropertyPricingSchema } from '../pricing';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { pricingRoutes } from './routes';

export const pricingEndpoints = {
  getPricingRules: defineEndpoint({
    ...pricingRoutes.getPricingRules,
    tags: ['pricing'],
    session: true,
    params: PropertyIdParamsSchema,
    responses: { 200: PropertyPricingSchema, ...errorResponses(400, 401, 404) },
  }),
  updatePricingRules: defineEndpoint({
    ...pricingRoutes.updatePricingRules,
    tags: ['pricing'],
    session: true,
    params: PropertyIdParamsSchema,
    body: PricingRulesSchema,
    responses: { 200: PropertyPricingSchema, ...errorResponses(400, 401, 404) },
  }),
};
