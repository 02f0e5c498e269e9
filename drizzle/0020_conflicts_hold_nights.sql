ALTER TABLE "channel_conflicts" ADD COLUMN "resolution_note" text;--> statement-breakpoint
-- A stay a channel reports that the operator has not settled (it overlaps a booking here, or the channel
-- still lists a stay cancelled here) closes all of its nights for the public site and on the other channels'
-- exports until it is settled: the public role reads the dates of such conflicts, and which channel they
-- came from, nothing else.
GRANT SELECT (property_id, connection_id, kind, item_kind, status, check_in, check_out, updated_at) ON channel_conflicts TO villa_guest;
--> statement-breakpoint
CREATE POLICY channel_conflicts_guest_read ON channel_conflicts FOR SELECT TO villa_guest
  USING (status = 'open' AND item_kind = 'stay');
--> statement-breakpoint
GRANT SELECT (id, channel) ON channel_connections TO villa_guest;
--> statement-breakpoint
CREATE POLICY channel_connections_guest_read ON channel_connections FOR SELECT TO villa_guest USING (true);
--> statement-breakpoint
-- Every conflict a sync finds and every decision on one is in the audit log: who, when, and why.
CREATE TRIGGER channel_conflicts_audit AFTER INSERT OR UPDATE OR DELETE ON channel_conflicts
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('channel_conflict', 'system', 'updated_at', '');
