import { BusinessContactSchema, BusinessContactUpdateSchema } from '../business-contact';
import { BusinessProfileSchema, BusinessProfileUpdateSchema } from '../business-profile';
import { defineEndpoint, errorResponses } from './endpoint';
import { businessRoutes } from './routes';

export const businessEndpoints = {
  getBusinessProfile: defineEndpoint({
    ...businessRoutes.getBusinessProfile,
    tags: ['business'],
    session: true,
    responses: { 200: BusinessProfileSchema, ...errorResponses(401) },
  }),
  updateBusinessProfile: defineEndpoint({
    ...businessRoutes.updateBusinessProfile,
    tags: ['business'],
    session: true,
    body: BusinessProfileUpdateSchema,
    responses: { 200: BusinessProfileSchema, ...errorResponses(400, 401) },
  }),
  getBusinessContact: defineEndpoint({
    ...businessRoutes.getBusinessContact,
    tags: ['business'],
    session: true,
    responses: { 200: BusinessContactSchema, ...errorResponses(401) },
  }),
  updateBusinessContact: defineEndpoint({
    ...businessRoutes.updateBusinessContact,
    tags: ['business'],
    session: true,
    body: BusinessContactUpdateSchema,
    responses: { 200: BusinessContactSchema, ...errorResponses(400, 401) },
  }),
};
