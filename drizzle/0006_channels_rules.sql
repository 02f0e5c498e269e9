-- Channel sync's rules that Drizzle cannot express: row-level security and grants on the channel tables,
-- what the public role may read of them, and the lookup of an export URL's token.

GRANT SELECT, INSERT, UPDATE, DELETE ON channel_connections, channel_blocks, channel_conflicts, channel_exports TO villa_app;
--> statement-breakpoint
ALTER TABLE channel_connections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY channel_connections_owner ON channel_connections TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_connections.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_connections.property_id AND p.owner_id = app_current_operator_id()));
--> statement-breakpoint
ALTER TABLE channel_blocks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY channel_blocks_owner ON channel_blocks TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_blocks.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_blocks.property_id AND p.owner_id = app_current_operator_id()));
--> statement-breakpoint
ALTER TABLE channel_conflicts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY channel_conflicts_owner ON channel_conflicts TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_conflicts.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_conflicts.property_id AND p.owner_id = app_current_operator_id()));
--> statement-breakpoint
ALTER TABLE channel_exports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY channel_exports_owner ON channel_exports TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_exports.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_exports.property_id AND p.owner_id = app_current_operator_id()));
--> statement-breakpoint

-- The public site (availability, quotes, guest requests) and the export read closed nights: dates and the
-- channel that closed them, nothing else. The export also needs to know which stays a connection brought
-- (to leave them out of that connection's own export) and when each stay last changed (DTSTAMP).
GRANT SELECT (property_id, connection_id, channel, start_date, end_date, updated_at) ON channel_blocks TO villa_guest;
--> statement-breakpoint
CREATE POLICY channel_blocks_guest_read ON channel_blocks FOR SELECT TO villa_guest USING (true);
--> statement-breakpoint
GRANT SELECT (channel_connection_id, updated_at) ON bookings TO villa_guest;
--> statement-breakpoint
GRANT SELECT (created_at) ON property_calendar TO villa_guest;
--> statement-breakpoint

-- An export URL's token names a property (its whole calendar) or one connection (the calendar without
-- that connection's stays and blocks). The public role may not read tokens; it may only ask this function,
-- which also notes when a connection's channel last read its export (to tell an echo from a new sale).
CREATE OR REPLACE FUNCTION resolve_calendar_export(p_token text)
  RETURNS TABLE (out_property_id uuid, out_connection_id uuid)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  RETURN QUERY SELECT e.property_id, NULL::uuid FROM channel_exports e WHERE e.token = p_token;
  IF FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    UPDATE channel_connections c SET exported_at = now()
    WHERE c.export_token = p_token
    RETURNING c.property_id, c.id;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION resolve_calendar_export(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION resolve_calendar_export(text) TO villa_guest;
