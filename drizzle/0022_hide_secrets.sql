-- Nothing secret where it does not belong: calendar export tokens are kept as their sha256, and the audit
-- log shows that a secret changed, never its value. Every statement can run again without effect.

-- Calendar export URLs: the tokens made before are hashed in place (sha256, hex, as a new one is stored),
-- so a URL handed to a channel keeps working while a backup no longer holds any calendar's address. A
-- value that is already 64 hex digits is a hash: a token is 32 base64url characters. The URLs stay the
-- same, so the audit log records no change of a connection's export token here.
UPDATE channel_exports SET token = encode(sha256(convert_to(token, 'UTF8')), 'hex')
  WHERE token !~ '^[0-9a-f]{64}$';
--> statement-breakpoint
ALTER TABLE channel_connections DISABLE TRIGGER channel_connections_audit;
--> statement-breakpoint
UPDATE channel_connections SET export_token = encode(sha256(convert_to(export_token, 'UTF8')), 'hex')
  WHERE export_token !~ '^[0-9a-f]{64}$';
--> statement-breakpoint
ALTER TABLE channel_connections ENABLE TRIGGER channel_connections_audit;
--> statement-breakpoint
ALTER TABLE "channel_connections" DROP CONSTRAINT IF EXISTS "channel_connections_export_token_hashed";
--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_export_token_hashed" CHECK ("channel_connections"."export_token" ~ '^[0-9a-f]{64}$');
--> statement-breakpoint
ALTER TABLE "channel_exports" DROP CONSTRAINT IF EXISTS "channel_exports_token_hashed";
--> statement-breakpoint
ALTER TABLE "channel_exports" ADD CONSTRAINT "channel_exports_token_hashed" CHECK ("channel_exports"."token" ~ '^[0-9a-f]{64}$');
--> statement-breakpoint

-- The export's lookup takes the token as the URL carries it and finds the row by its hash (the same digest
-- the server stores: sha256 of the token, hex). The public role still learns only which calendar it names.
CREATE OR REPLACE FUNCTION resolve_calendar_export(p_token text)
  RETURNS TABLE (out_property_id uuid, out_connection_id uuid)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_hash text := encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
BEGIN
  RETURN QUERY SELECT e.property_id, NULL::uuid FROM channel_exports e WHERE e.token = v_hash;
  IF FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    UPDATE channel_connections c SET exported_at = now()
    WHERE c.export_token = v_hash
    RETURNING c.property_id, c.id;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION resolve_calendar_export(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION resolve_calendar_export(text) TO villa_guest;
--> statement-breakpoint

-- A row's secrets as the audit log shows them. A secret column (a hash, token or key) becomes a constant
-- mask, not a fingerprint: even a short digest of a guessable secret can be checked offline, and the
-- operator needs only to see that it changed. An address column (a feed URL, whose path or query holds the
-- channel's own secret) keeps its scheme and host. Null stays null, so setting and clearing still show.
CREATE OR REPLACE FUNCTION audit_mask_secrets(p_row jsonb, p_secrets text[], p_addresses text[], p_mask text)
  RETURNS jsonb
  LANGUAGE plpgsql IMMUTABLE
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_row jsonb := p_row;
  v_key text;
BEGIN
  IF v_row IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH v_key IN ARRAY coalesce(p_secrets, '{}'::text[]) LOOP
    IF v_row ? v_key AND jsonb_typeof(v_row->v_key) <> 'null' THEN
      v_row := jsonb_set(v_row, ARRAY[v_key], to_jsonb(p_mask));
    END IF;
  END LOOP;
  FOREACH v_key IN ARRAY coalesce(p_addresses, '{}'::text[]) LOOP
    IF v_row ? v_key AND jsonb_typeof(v_row->v_key) <> 'null' THEN
      v_row := jsonb_set(v_row, ARRAY[v_key], to_jsonb(CASE
        WHEN v_row->>v_key ~* '^[a-z][a-z0-9+.-]*://' THEN
          regexp_replace(v_row->>v_key, '^([a-z][a-z0-9+.-]*://)([^/?#]*@)?([^/?#]*).*$', '\1\3/…', 'i')
        ELSE p_mask
      END));
    END IF;
  END LOOP;
  RETURN v_row;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_mask_secrets(jsonb, text[], text[], text) FROM PUBLIC;
--> statement-breakpoint

-- Arguments: entity type, default actor, columns left out (bookkeeping that is no change of its own),
-- secret columns (shown as "[secret]", and "[secret changed]" after an update), and address columns (scheme
-- and host only). What changed is found on the real values, so a changed secret is still an event.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_entity text := TG_ARGV[0];
  v_ignored text[] := string_to_array(TG_ARGV[2], ',');
  v_secrets text[] := string_to_array(TG_ARGV[3], ',');
  v_addresses text[] := CASE WHEN TG_NARGS > 4 THEN string_to_array(TG_ARGV[4], ',') END;
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
    v_before := audit_mask_secrets(v_before, v_secrets, v_addresses, '[secret]');
    v_after := audit_mask_secrets(v_after, v_secrets, v_addresses, '[secret changed]');
  ELSE
    v_before := audit_mask_secrets(v_old, v_secrets, v_addresses, '[secret]');
    v_after := audit_mask_secrets(v_new, v_secrets, v_addresses, '[secret]');
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

-- Every audited column whose name says hash, token, secret, password or key is a secret; a feed's address
-- carries the channel's. audit-secrets.api.test.ts checks these lists against the catalogue.
DROP TRIGGER IF EXISTS operators_audit ON operators;
--> statement-breakpoint
CREATE TRIGGER operators_audit AFTER INSERT OR UPDATE OR DELETE ON operators
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('operator', 'system', 'updated_at', 'password_hash,env_password_hash', '');
--> statement-breakpoint
DROP TRIGGER IF EXISTS channel_connections_audit ON channel_connections;
--> statement-breakpoint
CREATE TRIGGER channel_connections_audit AFTER INSERT OR UPDATE OR DELETE ON channel_connections
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('channel_connection', 'system',
    'updated_at,etag,last_modified,feed_body,last_attempt_at,last_synced_at,last_error,last_error_code,last_result,next_sync_at,exported_at',
    'export_token', 'import_url');
--> statement-breakpoint
-- A guest's Idempotency-Key answers a replay of their request: kept out of sight like any key.
DROP TRIGGER IF EXISTS bookings_audit ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_audit AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('booking', 'system', 'updated_at,request_fingerprint', 'request_key', '');
--> statement-breakpoint

-- Events already written: the same masks over what they kept (the operator's OPERATOR_PASSWORD hash in
-- full, the old fingerprints of password hashes and export tokens, feed addresses, Idempotency-Keys). Only
-- an event whose masked form differs is rewritten.
UPDATE audit_events e SET before = m.before, after = m.after
FROM (
  SELECT a.id,
    audit_mask_secrets(a.before, s.secrets, s.addresses, '[secret]') AS before,
    audit_mask_secrets(a.after, s.secrets, s.addresses,
      CASE WHEN a.action = 'update' THEN '[secret changed]' ELSE '[secret]' END) AS after
  FROM audit_events a
  JOIN (VALUES
    ('operator', ARRAY['password_hash', 'env_password_hash'], NULL::text[]),
    ('channel_connection', ARRAY['export_token'], ARRAY['import_url']),
    ('booking', ARRAY['request_key'], NULL::text[])
  ) AS s (entity_type, secrets, addresses) ON s.entity_type = a.entity_type
) m
WHERE e.id = m.id AND (e.before IS DISTINCT FROM m.before OR e.after IS DISTINCT FROM m.after);
