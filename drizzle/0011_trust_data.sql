CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" uuid,
	"actor" text NOT NULL,
	"actor_id" text,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"property_id" uuid,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('insert', 'update', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_network" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_operator_idx" ON "audit_events" USING btree ("operator_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_property_idx" ON "audit_events" USING btree ("property_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_pending_requests_idx" ON "bookings" USING btree ("property_id") WHERE "bookings"."status" = 'pending' and "bookings"."request_network" is not null;--> statement-breakpoint
-- The audit log. Triggers write it in the transaction of each change, as the table's owner (SECURITY
-- DEFINER): the application roles may read their own operator's events and never insert, change or delete
-- one. The actor is what the transaction declared with set_config('app.actor', …, true) (operator, guest,
-- channel_sync, system, cli); a transaction that declared nothing gets the trigger's default.
GRANT SELECT ON audit_events TO villa_app;
--> statement-breakpoint
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_events_owner ON audit_events FOR SELECT TO villa_app
  USING (operator_id = app_current_operator_id());
--> statement-breakpoint
-- Arguments: entity type, default actor, columns left out (bookkeeping that is no change of its own),
-- columns replaced by a short fingerprint (secrets: a change shows, the value does not).
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_entity text := TG_ARGV[0];
  v_ignored text[] := string_to_array(TG_ARGV[2], ',');
  v_secrets text[] := string_to_array(TG_ARGV[3], ',');
  v_old jsonb;
  v_new jsonb;
  v_row jsonb;
  v_before jsonb;
  v_after jsonb;
  v_key text;
  v_property uuid;
  v_operator uuid;
  v_entity_id text;
  v_actor text := coalesce(nullif(current_setting('app.actor', true), ''), TG_ARGV[1]);
  v_actor_id text := nullif(current_setting('app.actor_id', true), '');
BEGIN
  IF TG_OP <> 'INSERT' THEN v_old := to_jsonb(OLD) - v_ignored; END IF;
  IF TG_OP <> 'DELETE' THEN v_new := to_jsonb(NEW) - v_ignored; END IF;
  FOREACH v_key IN ARRAY coalesce(v_secrets, '{}'::text[]) LOOP
    IF v_old ? v_key AND v_old->>v_key IS NOT NULL THEN
      v_old := jsonb_set(v_old, ARRAY[v_key], to_jsonb('#' || left(md5(v_old->>v_key), 8)));
    END IF;
    IF v_new ? v_key AND v_new->>v_key IS NOT NULL THEN
      v_new := jsonb_set(v_new, ARRAY[v_key], to_jsonb('#' || left(md5(v_new->>v_key), 8)));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    -- Only what changed; an update that changed nothing worth recording leaves no event.
    v_before := '{}'::jsonb;
    v_after := '{}'::jsonb;
    FOR v_key IN SELECT jsonb_object_keys(v_new) LOOP
      IF (v_old->v_key) IS DISTINCT FROM (v_new->v_key) THEN
        v_before := v_before || jsonb_build_object(v_key, v_old->v_key);
        v_after := v_after || jsonb_build_object(v_key, v_new->v_key);
      END IF;
    END LOOP;
    IF v_after = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  ELSE
    v_before := v_old;
    v_after := v_new;
  END IF;
  v_row := coalesce(to_jsonb(NEW), to_jsonb(OLD));
  IF TG_TABLE_NAME = 'properties' THEN
    v_property := (v_row->>'id')::uuid;
    v_operator := (v_row->>'owner_id')::uuid;
    v_entity_id := v_row->>'id';
  ELSIF TG_TABLE_NAME = 'operators' THEN
    v_operator := (v_row->>'id')::uuid;
    v_entity_id := v_row->>'id';
  ELSIF TG_TABLE_NAME = 'operator_sessions' THEN
    v_operator := (v_row->>'operator_id')::uuid;
    -- The stored id is a hash of the cookie's token; a prefix names the session without repeating it.
    v_entity_id := left(v_row->>'id', 12);
    v_before := v_before - 'id';
    v_after := v_after - 'id';
  ELSE
    v_property := (v_row->>'property_id')::uuid;
    SELECT p.owner_id INTO v_operator FROM properties p WHERE p.id = v_property;
    v_entity_id := CASE
      WHEN TG_TABLE_NAME = 'property_calendar' THEN (v_row->>'property_id') || '/' || (v_row->>'date')
      WHEN TG_TABLE_NAME = 'pricing_rules' THEN v_row->>'property_id'
      ELSE v_row->>'id'
    END;
  END IF;
  IF v_actor = 'operator' AND v_actor_id IS NULL THEN
    v_actor_id := nullif(current_setting('app.operator_id', true), '');
  END IF;
  INSERT INTO audit_events (operator_id, actor, actor_id, entity_type, entity_id, property_id, action, before, after)
  VALUES (coalesce(v_operator, nullif(current_setting('app.operator_id', true), '')::uuid), v_actor, v_actor_id,
          v_entity, v_entity_id, v_property, lower(TG_OP), v_before, v_after);
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_row_change() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER properties_audit AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('property', 'system', 'updated_at', '');
--> statement-breakpoint
CREATE TRIGGER bookings_audit AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('booking', 'system', 'updated_at,request_fingerprint', '');
--> statement-breakpoint
CREATE TRIGGER property_calendar_audit AFTER INSERT OR UPDATE OR DELETE ON property_calendar
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('calendar_day', 'system', 'created_at', '');
--> statement-breakpoint
CREATE TRIGGER channel_connections_audit AFTER INSERT OR UPDATE OR DELETE ON channel_connections
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('channel_connection', 'system',
    'updated_at,etag,last_modified,feed_body,last_attempt_at,last_synced_at,last_error,last_error_code,last_result,next_sync_at,exported_at',
    'export_token');
--> statement-breakpoint
CREATE TRIGGER pricing_rules_audit AFTER INSERT OR UPDATE OR DELETE ON pricing_rules
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('pricing_rules', 'system', 'updated_at', '');
--> statement-breakpoint
-- Only the fact that the password changed is kept: the hash becomes a short fingerprint.
CREATE TRIGGER operators_audit AFTER INSERT OR UPDATE OR DELETE ON operators
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('operator', 'system', 'updated_at', 'password_hash');
--> statement-breakpoint
-- Sessions are started and ended by signing in and out unless a transaction says otherwise.
CREATE TRIGGER operator_sessions_audit AFTER INSERT OR UPDATE OR DELETE ON operator_sessions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('session', 'operator', '', '');
--> statement-breakpoint

-- The site's own property: the configured one, else the first property ever created (the villa), active
-- or not. The public form never falls back to another rental or another operator's property: when this
-- one is inactive the site is not taking requests. villa_guest may not read inactive properties, hence
-- a function that answers only the id and whether it is active.
CREATE OR REPLACE FUNCTION find_site_property(p_configured uuid)
  RETURNS TABLE (out_id uuid, out_is_active boolean)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT p.id, p.is_active FROM properties p
  WHERE p_configured IS NULL OR p.id = p_configured
  ORDER BY p.created_at, p.id
  LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION find_site_property(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION find_site_property(uuid) TO villa_guest;
--> statement-breakpoint

-- What pending guest requests already hold: per network, per e-mail, and the nights from today on of the
-- property. villa_guest may not read guests' e-mails, so it asks this function for counts only.
CREATE OR REPLACE FUNCTION count_pending_guest_requests(p_property uuid, p_network text, p_email text, p_today date)
  RETURNS TABLE (out_from_network integer, out_from_email integer, out_nights_held integer)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT
    (count(*) FILTER (WHERE b.request_network = p_network))::integer,
    (count(*) FILTER (WHERE lower(b.guest_email) = lower(p_email)))::integer,
    coalesce(sum(b.check_out - greatest(b.check_in, p_today)) FILTER (WHERE b.property_id = p_property), 0)::integer
  FROM bookings b
  WHERE b.status = 'pending' AND b.request_network IS NOT NULL AND b.check_out > p_today
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION count_pending_guest_requests(uuid, text, text, date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION count_pending_guest_requests(uuid, text, text, date) TO villa_guest;
--> statement-breakpoint
GRANT SELECT (request_fingerprint) ON bookings TO villa_guest;
--> statement-breakpoint

-- Sample data is removed in one go; villa_app has no DELETE on bookings otherwise, so a booking that is
-- not sample data can never be deleted through the API.
CREATE OR REPLACE FUNCTION remove_sample_bookings() RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_count integer;
BEGIN
  DELETE FROM bookings b
  USING properties p
  WHERE b.is_sample AND p.id = b.property_id AND p.owner_id = app_current_operator_id();
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION remove_sample_bookings() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION remove_sample_bookings() TO villa_app;
