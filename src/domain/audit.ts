import { z } from 'zod';
import { isoDate, queryWholeNumber } from './fields';

/** What the audit log records changes of. */
export const AUDIT_ENTITY_TYPES = [
  'property',
  'booking',
  'calendar_day',
  'channel_connection',
  'channel_conflict',
  'pricing_rules',
  'operator',
  'session',
  'payment',
  'payment_settings',
  'gateway_refund',
  'business_profile',
  'business_contact',
  'invoice',
  'message_template',
  'guest_check_in',
  'backup',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  property: 'Property',
  booking: 'Booking',
  calendar_day: 'Calendar day',
  channel_connection: 'Channel connection',
  channel_conflict: 'Channel conflict',
  pricing_rules: 'Pricing rules',
  operator: 'Account',
  session: 'Sign-in session',
  payment: 'Payment',
  payment_settings: 'Payment settings',
  gateway_refund: 'Razorpay refund',
  business_profile: 'Business profile',
  business_contact: 'Contact details',
  invoice: 'Invoice',
  message_template: 'Message template',
  guest_check_in: "Guest's check-in",
  backup: 'Backup',
};

/** Who made a change: the operator, a guest's request, a channel sync, a background job, the command line. */
export const AUDIT_ACTORS = ['operator', 'guest', 'channel_sync', 'system', 'cli'] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];

export const AUDIT_ACTOR_LABELS: Record<AuditActor, string> = {
  operator: 'You',
  guest: 'Guest request',
  channel_sync: 'Channel sync',
  system: 'System',
  cli: 'Command line',
};

/** 'read': the operator read guests' ID, passport or visa numbers in full (the register, its CSV, Form C). */
export const AUDIT_ACTIONS = ['insert', 'update', 'delete', 'read'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = { default: 50, max: 200 } as const;

/** The filters of `listAuditEvents`, as query-string text; a blank value means no filter. */
export const AuditEventQuerySchema = z
  .object({
    entity_type: z
      .enum(AUDIT_ENTITY_TYPES, { error: `entity_type must be one of ${AUDIT_ENTITY_TYPES.join(', ')}` })
      .optional(),
    entity_id: z
      .string({ error: 'entity_id must be text' })
      .max(200, 'entity_id must be at most 200 characters')
      .regex(/^[0-9a-zA-Z/-]+$/, 'entity_id may hold letters, digits, "-" and "/" only')
      .optional(),
    property_id: z.uuid({ error: 'property_id must be a UUID' }).optional(),
    actor: z.enum(AUDIT_ACTORS, { error: `actor must be one of ${AUDIT_ACTORS.join(', ')}` }).optional(),
    from: isoDate('from').optional().describe('Changes on or after this day (UTC)'),
    to: isoDate('to').optional().describe('Changes before this day (UTC)'),
    before: queryWholeNumber('before', { min: 1, max: 999_999_999 })
      .optional()
      .describe('Only events older than this id: pass the last id of a page to read the next'),
    limit: queryWholeNumber('limit', { min: 1, max: AUDIT_PAGE_SIZE.max })
      .optional()
      .describe(`Page size, ${AUDIT_PAGE_SIZE.default} unless given`),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    message: '"to" must be after "from"',
    path: ['to'],
  });
export type AuditEventQueryInput = z.input<typeof AuditEventQuerySchema>;
export type AuditEventQuery = z.output<typeof AuditEventQuerySchema>;

export const AuditEventSchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  actor: z.enum(AUDIT_ACTORS),
  actor_id: z.string().nullable().describe("The operator's id, a guest request's network, or null"),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.string(),
  property_id: z.uuid().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable().describe('Changed fields before (update), or the row'),
  after: z.record(z.string(), z.unknown()).nullable().describe('Changed fields after (update), or the row'),
  subject: z
    .string()
    .nullable()
    .describe(
      'What the event is about, in words: "SV-1A2B3C4D · Ananya Deshpande · Sunset Villa" for a booking (or its payment or invoice), the property\'s name for its settings; null for the account',
    ),
  currency: z.string().nullable().describe("The property's currency, in which the event's amounts are"),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventPageSchema = z.object({
  events: z.array(AuditEventSchema),
  next_before: z.number().int().nullable().describe('Pass as `before` for the next page; null at the end'),
});
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;
