CREATE TABLE "request_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_tokens_purpose_check" CHECK ("request_tokens"."purpose" in ('page', 'confirm'))
);
--> statement-breakpoint
ALTER TABLE "request_links" DROP CONSTRAINT "request_links_closed_reason_check";--> statement-breakpoint
DROP INDEX "request_links_token_key";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "link_token" text;--> statement-breakpoint
ALTER TABLE "request_links" ADD COLUMN "confirm_by" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "request_links" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_tokens" ADD CONSTRAINT "request_tokens_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_tokens_booking_idx" ON "request_tokens" USING btree ("booking_id");--> statement-breakpoint
-- Links made before this migration keep working: their tokens are kept as hashes, and those requests count
-- as confirmed (they were taken under the old rules).
INSERT INTO request_tokens (token_hash, booking_id, purpose, created_at)
  SELECT encode(sha256(convert_to(token, 'UTF8')), 'hex'), booking_id, 'page', created_at FROM request_links;
--> statement-breakpoint
UPDATE request_links SET confirmed_at = created_at, confirm_by = created_at;
--> statement-breakpoint
-- No stored message keeps a usable link: a message not sent yet keeps its token beside it until it is sent
-- (the body holds a placeholder), a sent one keeps only the placeholder, which the Messages view masks.
UPDATE outbox_messages SET
  link_token = substring(text_body from '/request/([A-Za-z0-9_-]{32})'),
  text_body = regexp_replace(text_body, '/request/[A-Za-z0-9_-]{32}', '/request/{request-token}', 'g'),
  html_body = regexp_replace(html_body, '/request/[A-Za-z0-9_-]{32}', '/request/{request-token}', 'g')
WHERE status <> 'sent' AND text_body ~ '/request/[A-Za-z0-9_-]{32}';
--> statement-breakpoint
UPDATE outbox_messages SET
  text_body = regexp_replace(text_body, '/request/[A-Za-z0-9_-]{32}', '/request/{request-token}', 'g'),
  html_body = regexp_replace(html_body, '/request/[A-Za-z0-9_-]{32}', '/request/{request-token}', 'g')
WHERE text_body ~ '/request/[A-Za-z0-9_-]{32}' OR html_body ~ '/request/[A-Za-z0-9_-]{32}';
--> statement-breakpoint
ALTER TABLE "request_links" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "request_links" ADD CONSTRAINT "request_links_closed_reason_check" CHECK ("request_links"."closed_reason" in ('withdrawn', 'lapsed', 'unconfirmed'));
--> statement-breakpoint
-- The operator's decisions, withdrawals and lapses each write a message with a link of its own; the public
-- role writes the links of a new request and of a withdrawal, and reads whether a request was confirmed
-- (the availability it shows leaves out requests whose time to confirm has run out).
GRANT SELECT, INSERT ON request_tokens TO villa_app;
--> statement-breakpoint
GRANT INSERT ON request_tokens TO villa_guest;
--> statement-breakpoint
ALTER TABLE request_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY request_tokens_owner ON request_tokens TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = request_tokens.booking_id AND p.owner_id = app_current_operator_id()
  ))
  WITH CHECK (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = request_tokens.booking_id AND p.owner_id = app_current_operator_id()
  ));
--> statement-breakpoint
GRANT SELECT (booking_id, confirm_by, confirmed_at, closed_reason) ON request_links TO villa_guest;
--> statement-breakpoint
CREATE POLICY request_links_guest_read ON request_links FOR SELECT TO villa_guest USING (true);
--> statement-breakpoint
-- Links only to requests from the public form (those with a request_links row).
CREATE POLICY request_tokens_guest_write ON request_tokens FOR INSERT TO villa_guest
  WITH CHECK (EXISTS (SELECT 1 FROM request_links l WHERE l.booking_id = request_tokens.booking_id));
--> statement-breakpoint

-- A guest's own request, found by the token of any of its links (stored as its SHA-256).
DROP FUNCTION IF EXISTS find_guest_request(text);
--> statement-breakpoint
CREATE FUNCTION find_guest_request(p_token text)
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
--> statement-breakpoint
REVOKE ALL ON FUNCTION find_guest_request(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION find_guest_request(text) TO villa_guest;
--> statement-breakpoint

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
--> statement-breakpoint

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
--> statement-breakpoint
REVOKE ALL ON FUNCTION confirm_guest_request(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION confirm_guest_request(text) TO villa_guest;
--> statement-breakpoint

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
--> statement-breakpoint
REVOKE ALL ON FUNCTION release_unconfirmed_requests(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION release_unconfirmed_requests(uuid) TO villa_guest, villa_app;
--> statement-breakpoint

-- What pending guest requests hold now. Unconfirmed requests count per network and per e-mail (a stranger
-- gets no more of them), but not in the nights all requests may hold together: that limit closes the form
-- for everyone, and only a guest who confirmed from their e-mail may use it up.
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
