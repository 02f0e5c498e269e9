import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  type AuditEvent,
  type AuditEventPage,
  type AuditEventQuery,
} from '../../domain/audit';
import type { Executor } from '../db/client';
import { auditEvents } from '../db/schema';

/**
 * A page of the operator's audit events, newest first. Row-level security limits the rows to the
 * operator the transaction acts for; paging is by id, so new events never shift a page being read.
 */
export async function listAuditEventsPage(db: Executor, query: AuditEventQuery): Promise<AuditEventPage> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE.default;
  const conditions: (SQL | undefined)[] = [
    query.entity_type ? eq(auditEvents.entity_type, query.entity_type) : undefined,
    query.entity_id ? eq(auditEvents.entity_id, query.entity_id) : undefined,
    query.property_id ? eq(auditEvents.property_id, query.property_id) : undefined,
    query.actor ? eq(auditEvents.actor, query.actor) : undefined,
    query.from ? gte(auditEvents.occurred_at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditEvents.occurred_at, new Date(`${query.to}T00:00:00Z`)) : undefined,
    query.before ? lt(auditEvents.id, query.before) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    events: page.map((row): AuditEvent => ({
      id: row.id,
      occurred_at: row.occurred_at.toISOString(),
      actor: row.actor as AuditEvent['actor'],
      actor_id: row.actor_id,
      entity_type: row.entity_type as AuditEvent['entity_type'],
      entity_id: row.entity_id,
      property_id: row.property_id,
      action: row.action as AuditEvent['action'],
      before: row.before as AuditEvent['before'],
      after: row.after as AuditEvent['after'],
    })),
    next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
