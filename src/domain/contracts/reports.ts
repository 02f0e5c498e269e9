import { AuditEventPageSchema, AuditEventQuerySchema } from '../audit';
import { DashboardQuerySchema, DashboardSchema } from '../dashboard';
import { ReportQuerySchema, ReportSchema } from '../report';
import { RemovedSampleDataSchema, SampleDataSchema } from '../sample-data';
import { defineEndpoint, ErrorResponseSchema, errorResponses } from './endpoint';

/** The dashboard, the reports, the audit log and the seed's sample data: what the operator reads. */
export const reportEndpoints = {
  getDashboard: defineEndpoint({
    operationId: 'getDashboard',
    method: 'GET',
    path: '/api/dashboard',
    tags: ['reports'],
    session: true,
    query: DashboardQuerySchema,
    responses: { 200: DashboardSchema, ...errorResponses(400, 401, 404) },
  }),
  getReport: defineEndpoint({
    operationId: 'getReport',
    method: 'GET',
    path: '/api/reports',
    tags: ['reports'],
    session: true,
    query: ReportQuerySchema,
    responses: { 200: ReportSchema, ...errorResponses(400, 401, 404) },
  }),
  listAuditEvents: defineEndpoint({
    operationId: 'listAuditEvents',
    method: 'GET',
    path: '/api/audit-events',
    tags: ['audit'],
    session: true,
    query: AuditEventQuerySchema,
    responses: { 200: AuditEventPageSchema, ...errorResponses(400, 401) },
  }),
  getSampleData: defineEndpoint({
    operationId: 'getSampleData',
    method: 'GET',
    path: '/api/sample-data',
    tags: ['sample-data'],
    session: true,
    responses: { 200: SampleDataSchema, 401: ErrorResponseSchema },
  }),
  removeSampleData: defineEndpoint({
    operationId: 'removeSampleData',
    method: 'DELETE',
    path: '/api/sample-data',
    tags: ['sample-data'],
    session: true,
    responses: { 200: RemovedSampleDataSchema, 401: ErrorResponseSchema },
  }),
};
