import { AuditEventPageSchema, AuditEventQuerySchema } from '../audit';
import { DashboardQuerySchema, DashboardSchema } from '../dashboard';
import { z } from 'zod';
import {
  OutstandingBalancesSchema,
  OutstandingQuerySchema,
  PaymentsCsvQuerySchema,
  ReportQuerySchema,
  ReportSchema,
} from '../report';
import { GstSummaryQuerySchema, GstSummarySchema } from '../invoice-register';
import { RemovedSampleDataSchema, SampleDataSchema } from '../sample-data';
import { defineEndpoint, ErrorResponseSchema, errorResponses } from './endpoint';
import { reportRoutes } from './routes';

/** The dashboard, the reports, the audit log and the seed's sample data: what the operator reads. */
export const reportEndpoints = {
  getDashboard: defineEndpoint({
    ...reportRoutes.getDashboard,
    tags: ['reports'],
    session: true,
    query: DashboardQuerySchema,
    responses: { 200: DashboardSchema, ...errorResponses(400, 401, 404) },
  }),
  getReport: defineEndpoint({
    ...reportRoutes.getReport,
    tags: ['reports'],
    session: true,
    query: ReportQuerySchema,
    responses: { 200: ReportSchema, ...errorResponses(400, 401, 404) },
  }),
  listOutstandingBalances: defineEndpoint({
    ...reportRoutes.listOutstandingBalances,
    tags: ['reports'],
    session: true,
    query: OutstandingQuerySchema,
    responses: { 200: OutstandingBalancesSchema, ...errorResponses(400, 401, 404) },
  }),
  exportPaymentsCsv: defineEndpoint({
    ...reportRoutes.exportPaymentsCsv,
    tags: ['reports'],
    session: true,
    query: PaymentsCsvQuerySchema,
    produces: ['text/csv'],
    responses: {
      200: z.string().describe('text/csv; charset=utf-8'),
      ...errorResponses(400, 401, 404),
    },
  }),
  getGstSummary: defineEndpoint({
    ...reportRoutes.getGstSummary,
    tags: ['reports'],
    session: true,
    query: GstSummaryQuerySchema,
    responses: { 200: GstSummarySchema, ...errorResponses(400, 401, 404) },
  }),
  listAuditEvents: defineEndpoint({
    ...reportRoutes.listAuditEvents,
    tags: ['audit'],
    session: true,
    query: AuditEventQuerySchema,
    responses: { 200: AuditEventPageSchema, ...errorResponses(400, 401) },
  }),
  getSampleData: defineEndpoint({
    ...reportRoutes.getSampleData,
    tags: ['sample-data'],
    session: true,
    responses: { 200: SampleDataSchema, 401: ErrorResponseSchema },
  }),
  removeSampleData: defineEndpoint({
    ...reportRoutes.removeSampleData,
    tags: ['sample-data'],
    session: true,
    responses: { 200: RemovedSampleDataSchema, 401: ErrorResponseSchema },
  }),
};
