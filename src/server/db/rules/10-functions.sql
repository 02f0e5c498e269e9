-- The application's functions, as they are today. Who may call each is stated beside it: every grant of
-- EXECUTE to the application roles is taken back first, so a grant removed here is removed from the
-- database. A function that runs as its owner (SECURITY DEFINER) fixes its search_path and is revoked from
-- PUBLIC (a new function may be called by anyone until then).
--
-- Changing a function: edit it here. Changing its arguments or its result type: add
-- `DROP FUNCTION IF EXISTS name(old arguments);` before it (CREATE OR REPLACE cannot change those).
DO $$
DECLARE
  v_function regprocedure;
BEGIN
  FOR v_function IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND EXISTS (
        SELECT 1 FROM aclexplode(p.proacl) a
        WHERE a.grantee IN (SELECT oid FROM pg_roles WHERE rolname IN ('villa_app', 'villa_guest'))
      )
  LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM villa_app, villa_guest', v_function);
  END LOOP;
END
$$;

-- The operator a transaction acts for, set with set_config('app.operator_id', …, true). Unset means nobody.
-- The policies call it as the querying role, so everyone may.
CREATE OR REPLACE FUNCTION app_current_operator_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.operator_id', true), '')::uuid $$;

-- ---------------------------------------------------------------------------------------------------------
-- Bookings

-- Guests are searched by part of a name or e-mail with the trigram indexes. Under row-level security the
-- planner may not use them for ILIKE (the operator is not leakproof), so the search runs in this function,
-- as the table's owner, and checks itself that the property belongs to the operator the transaction acts
-- for. It returns ids only; the caller reads the rows under row-level security as usual.
CREATE OR REPLACE FUNCTION search_booking_ids(p_property uuid, p_pattern text)
  RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT b.id FROM bookings b
  WHERE b.property_id = p_property
    AND EXISTS (SELECT 1 FROM properties p WHERE p.id = p_property AND p.owner_id = app_current_operator_id())
    AND (b.guest_name ILIKE p_pattern OR b.guest_email ILIKE p_pattern)
$$;
REVOKE ALL ON FUNCTION search_booking_ids(uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_booking_ids(uuid, text) TO villa_app;

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
REVOKE ALL ON FUNCTION remove_sample_bookings() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION remove_sample_bookings() TO villa_app;

-- Each property's number of bookings (property_booking_counts), kept in the transaction of every insert
-- and delete, so that the bookings list's unfiltered total is one row to read rather than a count of the
-- property's whole history on every page. The trigger functions run as their owner: guests insert bookings
-- too, and neither application role may write the counts; nobody may call them directly. Per statement,
-- so a channel import or the removal of the sample data changes each property's row once.
--
-- Lock order: every statement takes the count rows it changes in property order before changing them, so
-- two transactions writing bookings of several properties wait for each other in line, never in a circle.
CREATE OR REPLACE FUNCTION count_inserted_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO property_booking_counts AS c (property_id, total)
    SELECT property_id, count(*) FROM inserted_bookings GROUP BY property_id ORDER BY property_id
  ON CONFLICT (property_id) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION count_inserted_bookings() FROM PUBLIC;

CREATE OR REPLACE FUNCTION count_deleted_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM 1 FROM property_booking_counts
    WHERE property_id IN (SELECT property_id FROM deleted_bookings)
    ORDER BY property_id FOR UPDATE;
  -- A property deleted by the same statement (say, a delete of a property and its bookings through a
  -- writable CTE) has lost its row already: nothing to update.
  UPDATE property_booking_counts c SET total = c.total - d.removed
    FROM (SELECT property_id, count(*) AS removed FROM deleted_bookings GROUP BY property_id) d
    WHERE c.property_id = d.property_id;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION count_deleted_bookings() FROM PUBLIC;

-- A booking moved to another property (not something the application does, but the count must not
-- drift if anyone does it).
CREATE OR REPLACE FUNCTION count_moved_booking() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM 1 FROM property_booking_counts
    WHERE property_id IN (OLD.property_id, NEW.property_id)
    ORDER BY property_id FOR UPDATE;
  UPDATE property_booking_counts SET total = total - 1 WHERE property_id = OLD.property_id;
  INSERT INTO property_booking_counts AS c (property_id, total) VALUES (NEW.property_id, 1)
  ON CONFLICT (property_id) DO UPDATE SET total = c.total + 1;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION count_moved_booking() FROM PUBLIC;

-- TRUNCATE fires no delete trigger: it empties the counts.
CREATE OR REPLACE FUNCTION count_truncated_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM property_booking_counts;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION count_truncated_bookings() FROM PUBLIC;

-- ---------------------------------------------------------------------------------------------------------
-- Guests' requests from the public site

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
REVOKE ALL ON FUNCTION find_site_property(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_site_property(uuid) TO villa_guest;

-- What pending guest requests hold now, per network, per e-mail, and the nights from today on of the
-- property (villa_guest may not read guests' e-mails, so it asks for counts only). Unconfirmed requests
-- count per network and per e-mail (a stranger gets no more of them), but not in the nights all requests
-- may hold together: that limit closes the form for everyone, and only a guest who confirmed from their
-- e-mail may use it up.
CREATE OR REPLACE FUNCTION count_pending_guest_requests(p_property uuid, p_network text, p_email text, p_today date)
  RETURNS TABLE (out_from_network integer, out_from_email integer, out_nights_held integer)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT
    (count(*) FILTER (WHERE b.request_network = p_network))::integer,
    (count(*) FILTER (WHERE lower(b.guest_email) = lower(p_email)))::integer,
    coalesce(sum(b.check_out - greatest(b.check_in, p_today))
      FILTER (WHERE b.property_id = p_property AND (l.booking_id IS NULL OR l.confirmed_at IS NOT NULL)), 0)::integer
  FROM bookings b
  LEFT JOIN request_links l ON l.booking_id = b.id
  WHERE b.status = 'pending' AND b.request_network IS NOT NULL AND b.check_out > p_today
$$;
REVOKE ALL ON FUNCTION count_pending_guest_requests(uuid, text, text, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION count_pending_guest_requests(uuid, text, text, date) TO villa_guest;

-- A guest's own request, found by the token of any of its links (stored as its SHA-256): the public role
-- may not read tokens or guest data, it may only ask this for the one request whose token it holds.
CREATE OR REPLACE FUNCTION find_guest_request(p_token text)
  RETURNS TABLE (
    out_booking_id uuid, out_property_id uuid, out_property_name text, out_status text,
    out_guest_name text, out_guest_email text, out_check_in date, out_check_out date,
    out_guests_count integer, out_total_amount numeric, out_currency text, out_created_at timestamptz,
    out_hold_until timestamptz, out_closed_reason text, out_confirm_by timestamptz, out_confirmed_at timestamptz,
    out_guest_phone text, out_special_requests text, out_quote jsonb
  )
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT b.id, p.id, p.name, b.status, b.guest_name, b.guest_email, b.check_in, b.check_out,
         b.guests_count, b.total_amount, b.currency, b.created_at, l.hold_until, l.closed_reason,
         l.confirm_by, l.confirmed_at, b.guest_phone, b.special_requests, b.quote
  FROM request_tokens t
  JOIN request_links l ON l.booking_id = t.booking_id
  JOIN bookings b ON b.id = t.booking_id
  JOIN properties p ON p.id = b.property_id
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION find_guest_request(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_guest_request(text) TO villa_guest;

-- The guest withdraws their own pending request: it is cancelled (its nights open again) with the reason
-- recorded. Returns the booking's id, or nothing when the token is unknown or the request is not pending.
CREATE OR REPLACE FUNCTION withdraw_guest_request(p_token text)
  RETURNS uuid
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_booking_id uuid;
BEGIN
  UPDATE bookings b SET status = 'cancelled', updated_at = now()
  FROM request_tokens t
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    AND b.id = t.booking_id AND b.status = 'pending'
  RETURNING b.id INTO v_booking_id;
  IF v_booking_id IS NOT NULL THEN
    UPDATE request_links SET closed_reason = 'withdrawn', closed_at = now() WHERE booking_id = v_booking_id;
  END IF;
  RETURN v_booking_id;
END
$$;
REVOKE ALL ON FUNCTION withdraw_guest_request(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION withdraw_guest_request(text) TO villa_guest;

-- The guest opened the link in their first e-mail: the request is confirmed, if it is still pending and its
-- time to confirm has not run out. Returns the booking's id when this call confirmed it.
CREATE OR REPLACE FUNCTION confirm_guest_request(p_token text)
  RETURNS uuid
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_booking_id uuid;
BEGIN
  UPDATE request_links l SET confirmed_at = now()
  FROM request_tokens t, bookings b
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex') AND t.purpose = 'confirm'
    AND l.booking_id = t.booking_id AND b.id = t.booking_id
    AND b.status = 'pending' AND l.confirmed_at IS NULL AND l.closed_reason IS NULL AND l.confirm_by > now()
  RETURNING l.booking_id INTO v_booking_id;
  RETURN v_booking_id;
END
$$;
REVOKE ALL ON FUNCTION confirm_guest_request(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION confirm_guest_request(text) TO villa_guest;

-- Requests of one property whose guest did not confirm in time are cancelled, quietly, before anyone takes
-- nights of it (the lapse job does the same for every property once a minute).
CREATE OR REPLACE FUNCTION release_unconfirmed_requests(p_property uuid)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_count integer;
  v_actor text := current_setting('app.actor', true);
  v_actor_id text := current_setting('app.actor_id', true);
BEGIN
  -- The audit log names the system, not whoever's request triggered this, as the author of the lapse.
  PERFORM set_config('app.actor', 'system', true), set_config('app.actor_id', '', true);
  -- The request's link row decides, as confirm_guest_request writes it too: a confirmation that commits
  -- first leaves this update nothing to do (its condition is checked again on the row as committed), and one
  -- that comes after finds the request closed.
  WITH expired AS (
    UPDATE request_links l SET closed_reason = 'unconfirmed', closed_at = now()
    FROM bookings b
    WHERE l.booking_id = b.id AND b.property_id = p_property AND b.status = 'pending'
      AND l.confirmed_at IS NULL AND l.closed_reason IS NULL AND l.confirm_by <= now()
    RETURNING l.booking_id
  )
  UPDATE bookings SET status = 'cancelled', updated_at = now()
  WHERE id IN (SELECT booking_id FROM expired) AND status = 'pending';
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('app.actor', coalesce(v_actor, ''), true), set_config('app.actor_id', coalesce(v_actor_id, ''), true);
  RETURN v_count;
END
$$;
REVOKE ALL ON FUNCTION release_unconfirmed_requests(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION release_unconfirmed_requests(uuid) TO villa_guest, villa_app;

-- Where the operator's notifications go when OPERATOR_NOTIFY_EMAIL is unset: the property owner's e-mail.
-- The public role (which acts for no operator) may ask it for any property: it tells the operator of
-- requests. A channel sync runs as villa_app for the property's operator and may ask for their own
-- properties only.
CREATE OR REPLACE FUNCTION operator_notify_address(p_property_id uuid)
  RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT o.email FROM properties p JOIN operators o ON o.id = p.owner_id
  WHERE p.id = p_property_id
    AND (app_current_operator_id() IS NULL OR p.owner_id = app_current_operator_id())
$$;
REVOKE ALL ON FUNCTION operator_notify_address(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION operator_notify_address(uuid) TO villa_guest, villa_app;

-- ---------------------------------------------------------------------------------------------------------
-- Channels

-- An export URL's token names a property (its whole calendar) or one connection (the calendar without
-- that connection's stays and blocks). The public role may not read tokens; it may only ask this function,
-- which takes the token as the URL carries it and finds the row by its hash (sha256, hex, as the server
-- stores it), and notes when a connection's channel last read its export (to tell an echo from a new sale).
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
REVOKE ALL ON FUNCTION resolve_calendar_export(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION resolve_calendar_export(text) TO villa_guest;

-- ---------------------------------------------------------------------------------------------------------
-- The audit log (audit_events), written by triggers (30-triggers.sql)

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
REVOKE ALL ON FUNCTION audit_mask_secrets(jsonb, text[], text[], text) FROM PUBLIC;

-- Writes the audit log in the transaction of each change, as the table's owner: the application roles may
-- read their own operator's events and never insert, change or delete one. The actor is what the
-- transaction declared with set_config('app.actor', …, true) (operator, guest, channel_sync, system, cli); a
-- transaction that declared nothing gets the trigger's default.
--
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
REVOKE ALL ON FUNCTION audit_row_change() FROM PUBLIC;
