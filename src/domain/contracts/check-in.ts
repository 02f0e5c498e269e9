import { z } from 'zod';
import {
  CheckInSubmissionSchema,
  GuestCheckInSchema,
  GuestIdParamsSchema,
  GuestRegisterQuerySchema,
  MarkFormCFiledSchema,
  RegisterGuestSchema,
  RegisterStaySchema,
} from '../check-in';
import { RequestTokenParamsSchema } from '../message';
import { defineEndpoint, errorResponses } from './endpoint';
import { checkInRoutes } from './routes';

/** Online check-in (the guest, by their request page's token) and the guest register (the operator). */
export const checkInEndpoints = {
  getCheckIn: defineEndpoint({
    ...checkInRoutes.getCheckIn,
    tags: ['public'],
    session: false,
    params: RequestTokenParamsSchema,
    responses: { 200: GuestCheckInSchema, ...errorResponses(400, 404, 429) },
  }),
  submitCheckIn: defineEndpoint({
    ...checkInRoutes.submitCheckIn,
    tags: ['public'],
    session: false,
    params: RequestTokenParamsSchema,
    body: CheckInSubmissionSchema,
    responses: { 201: GuestCheckInSchema, ...errorResponses(400, 404, 409, 429) },
  }),
  listGuestRegister: defineEndpoint({
    ...checkInRoutes.listGuestRegister,
    tags: ['guests'],
    session: true,
    query: GuestRegisterQuerySchema,
    responses: { 200: z.array(RegisterStaySchema), ...errorResponses(400, 401) },
  }),
  exportGuestRegisterCsv: defineEndpoint({
    ...checkInRoutes.exportGuestRegisterCsv,
    tags: ['guests'],
    session: true,
    query: GuestRegisterQuerySchema,
    produces: ['text/csv'],
    responses: { 200: z.string().describe('text/csv; charset=utf-8'), ...errorResponses(400, 401) },
  }),
  markFormCFiled: defineEndpoint({
    ...checkInRoutes.markFormCFiled,
    tags: ['guests'],
    session: true,
    params: GuestIdParamsSchema,
    body: MarkFormCFiledSchema,
    responses: { 200: RegisterGuestSchema, ...errorResponses(400, 401, 404, 409) },
  }),
};
