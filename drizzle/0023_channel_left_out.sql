-- What the last successful sync left out of a channel's calendar, and why (a count and the first 50).
ALTER TABLE "channel_connections" ADD COLUMN IF NOT EXISTS "left_out" jsonb;
--> statement-breakpoint
-- Sync bookkeeping, like the last result: no change of the connection for the audit log.
DROP TRIGGER IF EXISTS channel_connections_audit ON channel_connections;
--> statement-breakpoint
CREATE TRIGGER channel_connections_audit AFTER INSERT OR UPDATE OR DELETE ON channel_connections
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('channel_connection', 'system',
    'updated_at,etag,last_modified,feed_body,last_attempt_at,last_synced_at,last_error,last_error_code,last_result,left_out,next_sync_at,exported_at',
    'export_token', 'import_url');
